/**
 * The teacher's catalogue, created on first start with an empty database. Every claim agrees
 * with the home page FAQ: 10 units, over 400 videos, 15 full practice tests, a 90-day SPEED and
 * a 180-day MASTER membership.
 */
export type CoverIcon =
  | "star"
  | "bolt"
  | "pen"
  | "chart"
  | "speech"
  | "headphones"
  | "book"
  | "letter"
  | "clipboard"
  | "words"
  | "grammar"
  | "mic"
  | "target"
  | "steps";

export interface CatalogueService {
  slug: string;
  name: string;
  priceCents: number;
  description: string;
  cover: { icon: CoverIcon; from: string; to: string; label: string };
  /** How many Writing answers the teacher marks for each student (0 when none; decision 0062). */
  writingAnswersMarked?: number;
  /** What a buyer weighs, consistent with the description and the FAQ. */
  details: {
    module: "academic" | "general" | "both";
    level: { from: number; to: number } | null;
    length: { value: number; unit: "days" | "weeks" } | null;
    format: "video" | "live" | "one-to-one";
    learningPoints: string[];
  };
}

/** Oldest first: the last course is the newest and leads the catalogue. */
export const catalogue: CatalogueService[] = [
  {
    slug: "foundations",
    name: "IELTS Foundations: The 10-Unit Core Course",
    priceCents: 5500,
    description:
      "Start here if you are aiming for Band 5.5 to 6.5. The core course is built in 10 units, one per week: the test format, each of the four skills, and the grammar and vocabulary examiners reward. Every unit ends with a short quiz so you can see your progress before moving on.",
    cover: { icon: "steps", from: "#0f766e", to: "#134e4a", label: "10-unit core course" },
    details: {
      module: "both",
      level: { from: 5.5, to: 6.5 },
      length: { value: 10, unit: "weeks" },
      format: "video",
      learningPoints: [
        "The format of both IELTS tests and how each paper is marked",
        "A method for each of the four skills: Listening, Reading, Writing and Speaking",
        "The grammar and vocabulary examiners reward",
        "Where you stand after each unit, from its short quiz",
      ],
    },
  },
  {
    slug: "listening",
    name: "IELTS Listening: Strategies for All Four Sections",
    priceCents: 2900,
    description:
      "Learn to predict answers before the audio starts, follow signposting language, and avoid the spelling and plural mistakes that cost easy marks. Includes 60 video lessons with transcripts and practice recordings in British, Australian and North American accents.",
    cover: { icon: "headphones", from: "#1d4ed8", to: "#1e3a8a", label: "Listening" },
    details: {
      module: "both",
      level: { from: 5, to: 7.5 },
      length: { value: 4, unit: "weeks" },
      format: "video",
      learningPoints: [
        "Predict the answer before the recording starts",
        "Follow signposting language through all four sections",
        "Avoid the spelling and plural mistakes that cost easy marks",
        "Understand British, Australian and North American accents",
      ],
    },
  },
  {
    slug: "academic-reading",
    name: "IELTS Academic Reading: Skimming, Scanning and True/False/Not Given",
    priceCents: 3200,
    description:
      "Manage 60 minutes and 40 questions with a clear method for every question type: matching headings, sentence completion, and the dreaded True/False/Not Given. Practise on real-length passages and learn why each wrong answer is wrong.",
    cover: { icon: "book", from: "#7c3aed", to: "#4c1d95", label: "Academic Reading" },
    details: {
      module: "academic",
      level: { from: 5.5, to: 7.5 },
      length: { value: 4, unit: "weeks" },
      format: "video",
      learningPoints: [
        "Finish 40 questions in 60 minutes",
        "Skim and scan a passage for what each question needs",
        "Answer True/False/Not Given with confidence",
        "Match headings and complete sentences with a clear method",
      ],
    },
  },
  {
    slug: "writing-task-1",
    name: "IELTS Academic Writing Task 1: Charts, Graphs, Maps and Processes",
    writingAnswersMarked: 4,
    priceCents: 3900,
    description:
      "Describe any visual in 20 minutes and 150 words. You will learn to write a precise overview, group data logically and vary your language for trends and comparisons, with 24 model answers marked against the official band descriptors.",
    cover: { icon: "chart", from: "#b45309", to: "#78350f", label: "Writing Task 1" },
    details: {
      module: "academic",
      level: { from: 5.5, to: 7.5 },
      length: { value: 3, unit: "weeks" },
      format: "video",
      learningPoints: [
        "Write a precise overview of any chart, graph, map or process",
        "Group data logically in 150 words and 20 minutes",
        "Vary your language for trends and comparisons",
        "See how 24 model answers are marked against the band descriptors",
      ],
    },
  },
  {
    slug: "writing-task-2",
    name: "IELTS Writing Task 2: Essay Mastery",
    writingAnswersMarked: 6,
    priceCents: 4500,
    description:
      "Plan and write a well-argued 250-word essay in 40 minutes. Covers opinion, discussion, problem-solution and two-part questions, paragraph structure, cohesion without overusing linking words, and 30 annotated Band 8 essays.",
    cover: { icon: "pen", from: "#be123c", to: "#881337", label: "Writing Task 2" },
    details: {
      module: "both",
      level: { from: 6, to: 8 },
      length: { value: 4, unit: "weeks" },
      format: "video",
      learningPoints: [
        "Plan a 250-word essay in 40 minutes",
        "Answer opinion, discussion, problem-solution and two-part questions",
        "Build paragraphs that hold together without overusing linking words",
        "Learn from 30 annotated Band 8 essays",
      ],
    },
  },
  {
    slug: "speaking",
    name: "IELTS Speaking Confidence: Parts 1, 2 and 3",
    priceCents: 3500,
    description:
      "Answer naturally and at length. Video lessons show real candidates at Bands 6, 7 and 8 with the examiner's comments, and you will build a bank of ideas for the most common Part 2 topics and practise extending your Part 3 answers.",
    cover: { icon: "speech", from: "#0369a1", to: "#0c4a6e", label: "Speaking" },
    details: {
      module: "both",
      level: { from: 5.5, to: 8 },
      length: { value: 3, unit: "weeks" },
      format: "video",
      learningPoints: [
        "Answer naturally and at length in Parts 1, 2 and 3",
        "Hear real candidates at Bands 6, 7 and 8 with the examiner's comments",
        "Build a bank of ideas for the most common Part 2 topics",
        "Extend your Part 3 answers",
      ],
    },
  },
  {
    slug: "general-training",
    name: "IELTS General Training: Reading and Letter Writing",
    writingAnswersMarked: 3,
    priceCents: 3400,
    description:
      "For migration and work applications. Learn the formal, semi-formal and informal letter styles for Task 1, and tackle the workplace and everyday texts of the General Training reading paper with confidence.",
    cover: { icon: "letter", from: "#15803d", to: "#14532d", label: "General Training" },
    details: {
      module: "general",
      level: { from: 5, to: 7 },
      length: { value: 4, unit: "weeks" },
      format: "video",
      learningPoints: [
        "Write formal, semi-formal and informal letters for Task 1",
        "Read workplace and everyday texts with confidence",
        "Choose the right tone for each letter",
      ],
    },
  },
  {
    slug: "vocabulary",
    name: "Vocabulary for Band 7 and Above",
    priceCents: 2500,
    description:
      "Topic vocabulary for education, environment, technology, health and work, learned in context with collocations rather than word lists. Each lesson shows how to use the words accurately in Writing and Speaking.",
    cover: { icon: "words", from: "#a21caf", to: "#701a75", label: "Vocabulary" },
    details: {
      module: "both",
      level: { from: 6.5, to: 8 },
      length: { value: 4, unit: "weeks" },
      format: "video",
      learningPoints: [
        "Topic vocabulary for education, environment, technology, health and work",
        "Collocations learned in context, not word lists",
        "Use new words accurately in Writing and Speaking",
      ],
    },
  },
  {
    slug: "grammar",
    name: "Grammar for IELTS: Accuracy and Range",
    priceCents: 2500,
    description:
      "The grammar that moves your Writing and Speaking scores: complex sentences, conditionals, the passive, relative clauses and articles. Short videos, clear rules and exercises taken from typical candidate mistakes.",
    cover: { icon: "grammar", from: "#4d7c0f", to: "#365314", label: "Grammar" },
    details: {
      module: "both",
      level: { from: 5, to: 7 },
      length: { value: 4, unit: "weeks" },
      format: "video",
      learningPoints: [
        "Write complex sentences accurately",
        "Use conditionals, the passive and relative clauses",
        "Get articles right",
        "Fix the mistakes candidates make most",
      ],
    },
  },
  {
    slug: "practice-tests",
    name: "15 Full IELTS Practice Tests with Model Answers",
    priceCents: 4900,
    description:
      "Fifteen complete practice tests under real timing: Listening, Reading, Writing and Speaking. Every test comes with answer keys, explanations for each answer, model essays and recorded sample Speaking answers, so you know exactly where you stand before test day.",
    cover: { icon: "clipboard", from: "#c2410c", to: "#7c2d12", label: "15 practice tests" },
    details: {
      module: "both",
      level: null,
      length: null,
      format: "video",
      learningPoints: [
        "Sit 15 complete tests under real timing",
        "Check every answer with its explanation",
        "Compare your essays with model answers",
        "Hear recorded sample Speaking answers",
      ],
    },
  },
  {
    slug: "mock-interview",
    name: "One-to-One Speaking Mock Test with Feedback",
    priceCents: 3000,
    description:
      "A full 15-minute Speaking test with me on video, followed by 30 minutes of personal feedback on fluency, vocabulary, grammar and pronunciation, and a written report with your estimated band and three priorities to work on.",
    cover: { icon: "mic", from: "#0e7490", to: "#164e63", label: "Mock Speaking test" },
    details: {
      module: "both",
      level: null,
      length: { value: 1, unit: "days" },
      format: "one-to-one",
      learningPoints: [
        "Take a full 15-minute Speaking test with the teacher",
        "Get 30 minutes of feedback on fluency, vocabulary, grammar and pronunciation",
        "Receive a written report with your estimated band and three priorities",
      ],
    },
  },
  {
    slug: "speed-membership",
    name: "IELTS SPEED Membership (90 days)",
    writingAnswersMarked: 2,
    priceCents: 8900,
    description:
      "Ninety days of full access for students with a test date coming up: all 10 units, more than 400 video lessons and all 15 full practice tests, plus two Writing Task 2 essays corrected by me. Designed for a focused three-month plan.",
    cover: { icon: "bolt", from: "#ca8a04", to: "#713f12", label: "SPEED: 90 days" },
    details: {
      module: "both",
      level: null,
      length: { value: 90, unit: "days" },
      format: "video",
      learningPoints: [
        "Use all 10 units and more than 400 video lessons",
        "Sit all 15 full practice tests",
        "Get two Writing Task 2 essays corrected by the teacher",
      ],
    },
  },
  {
    slug: "master-membership",
    name: "IELTS MASTER Membership (180 days)",
    writingAnswersMarked: 6,
    priceCents: 14900,
    description:
      "One hundred and eighty days of full access to everything: all 10 units, more than 400 video lessons, all 15 full practice tests, six corrected essays and a one-to-one Speaking mock test. The complete path to your target band at a steady pace.",
    cover: { icon: "star", from: "#1e40af", to: "#172554", label: "MASTER: 180 days" },
    details: {
      module: "both",
      level: null,
      length: { value: 180, unit: "days" },
      format: "video",
      learningPoints: [
        "Use all 10 units and more than 400 video lessons",
        "Sit all 15 full practice tests",
        "Get six essays corrected by the teacher",
        "Take a one-to-one Speaking mock test",
      ],
    },
  },
  {
    slug: "band-7-bootcamp",
    name: "Band 7 Intensive Weekend Bootcamp",
    writingAnswersMarked: 2,
    priceCents: 5950,
    description:
      "Two intensive days of live online classes for candidates stuck at Band 6.5: timed Writing practice with same-day feedback, Speaking drills in small groups, and a plan for the weeks that remain before your test.",
    cover: { icon: "target", from: "#9f1239", to: "#4c0519", label: "Band 7 bootcamp" },
    details: {
      module: "both",
      level: { from: 6.5, to: 7 },
      length: { value: 2, unit: "days" },
      format: "live",
      learningPoints: [
        "Timed Writing practice with same-day feedback",
        "Speaking drills in small groups",
        "A plan for the weeks before your test",
      ],
    },
  },
];

export function coverPath(slug: string): string {
  return `/images/services/${slug}.svg`;
}
