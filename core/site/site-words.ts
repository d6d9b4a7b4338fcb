/**
 * The site's words the teacher edits on /admin/site (decision 0040), and the ones a fresh site
 * starts with: the specification's hero, About Me and five FAQ items. Dependency-free, so the
 * admin forms read the same names and defaults as the server.
 */

/** The parts of /admin/site, each saved (and its history kept) on its own. */
export const SITE_WORD_SECTIONS = ["hero", "about", "faq", "contact", "social"] as const;
export type SiteWordSection = (typeof SITE_WORD_SECTIONS)[number];

export interface Hero {
  title: string;
  text: string;
}

export interface FaqItem {
  /** Stable across edits and moves, so a form names the item it was opened on. */
  id: string;
  question: string;
  /** Markdown. */
  answer: string;
}

/** Each is optional: an empty one is not shown. */
export interface ContactDetails {
  email: string;
  phone: string;
  address: string;
  openingHours: string;
}

export const SOCIAL_NETWORKS = {
  facebook: "Facebook",
  instagram: "Instagram",
  youtube: "YouTube",
  x: "X",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
  telegram: "Telegram",
  whatsapp: "WhatsApp",
} as const;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;

export function isSocialNetwork(name: string): name is SocialNetwork {
  return Object.hasOwn(SOCIAL_NETWORKS, name);
}

export interface SocialLink {
  network: SocialNetwork;
  url: string;
}

/** The specification's hero heading, and the line the site has always shown under it. */
export const DEFAULT_HERO: Hero = {
  title: "Certify your English proficiency today!",
  text: "Clear lessons, real practice tests and honest feedback from a teacher who has helped students reach the band they need.",
};

/** The teacher's own words about their teaching, as Markdown paragraphs. */
export const DEFAULT_ABOUT_TEXT = [
  "I have taught English for more than twelve years and have prepared students for IELTS since 2014, in classrooms and online. Most of my students need Band 6.5 or 7 for university, registration as a nurse or doctor, or a visa, and most of them are working while they study.",
  "That is why the courses are built around short video lessons, realistic practice tests and specific feedback, not endless theory. You learn what the examiners look for, practise it under real timing and see exactly what to fix next.",
].join("\n\n");

/** Five questions whose answers carry the specification's content claims. */
export const DEFAULT_FAQ: readonly FaqItem[] = [
  {
    id: "practice-tests",
    question: "How many practice tests are included?",
    answer:
      "15 full practice tests, each with all four papers (Listening, Reading, Writing and Speaking), answer keys, explanations and model answers.",
  },
  {
    id: "memberships",
    question: "What is the difference between the SPEED and MASTER memberships?",
    answer:
      "Both give full access to every course. The SPEED membership lasts 90 days and suits students with a test date coming up; the MASTER membership lasts 180 days and adds more essay corrections and a one-to-one Speaking mock test.",
  },
  {
    id: "videos",
    question: "How many video lessons are there?",
    answer:
      "Over 400 videos, from short grammar explanations to full walkthroughs of Writing and Speaking answers with the examiner's view of each.",
  },
  {
    id: "units",
    question: "How is the core course organised?",
    answer:
      "In 10 units, one for each week of a steady study plan: the test format, the four skills, and the grammar and vocabulary that examiners reward. Each unit ends with a short quiz.",
  },
  {
    id: "modules",
    question: "Is this for the Academic or the General Training test?",
    answer:
      "Both. Listening and Speaking are the same in both tests; the Reading and Writing lessons are marked Academic or General Training, and there is a dedicated General Training course for letter writing.",
  },
];

export const NO_CONTACT_DETAILS: ContactDetails = {
  email: "",
  phone: "",
  address: "",
  openingHours: "",
};

/** A phone number as a `tel:` link dials it: its digits, after a plus when it starts with one. */
export function telLink(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:${phone.trim().startsWith("+") ? "+" : ""}${digits}`;
}
