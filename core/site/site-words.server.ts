import type { Transaction } from "kysely";
import type { DB } from "../../db/index.ts";
import { precompiled } from "../../db/precompiled.ts";
import type { Database } from "../../db/schema.ts";
import { createMarkdown } from "../markdown.server.ts";
import { TIME_ZONE_KEY, timeZoneFrom } from "./site-settings.server.ts";
import { recordSiteWordChange } from "./site-word-changes.server.ts";
import {
  type ContactDetails,
  DEFAULT_ABOUT_TEXT,
  DEFAULT_FAQ,
  DEFAULT_HERO,
  type FaqItem,
  type Hero,
  isSocialNetwork,
  type SocialLink,
} from "./site-words.ts";

/**
 * The site's words (decision 0040): kept in `site_settings` under these keys, whose writes
 * already tell every process's response cache (`site`). A key never saved, or saved empty, means
 * the site's own words (core/site/site-words.ts).
 */
const KEYS = {
  heroTitle: "heroTitle",
  heroText: "heroText",
  aboutText: "aboutBio",
  aboutPhotoUrl: "aboutPhotoUrl",
  faq: "faqItems",
  email: "contactEmail",
  phone: "contactPhone",
  address: "contactAddress",
  openingHours: "openingHours",
  socialLinks: "socialLinks",
} as const;

export interface SiteWords {
  hero: Hero;
  about: { text: string; photoUrl: string | null };
  faq: FaqItem[];
  contact: ContactDetails;
  socialLinks: SocialLink[];
}

/** What the footer shows on every page. */
export interface FooterWords {
  contact: ContactDetails;
  socialLinks: SocialLink[];
}

type Stored = Partial<Record<string, string>>;

async function readStored(db: DB | Transaction<Database>, keys: readonly string[]) {
  const rows = await db
    .selectFrom("site_settings")
    .select(["key", "value"])
    .where("key", "in", keys)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.key, row.value])) as Stored;
}

export async function getSiteWords(db: DB): Promise<SiteWords> {
  const stored = await readStored(db, Object.values(KEYS));
  const aboutText = stored[KEYS.aboutText]?.trim();
  return {
    hero: {
      title: stored[KEYS.heroTitle] || DEFAULT_HERO.title,
      text: stored[KEYS.heroText] || DEFAULT_HERO.text,
    },
    about: {
      text: aboutText || DEFAULT_ABOUT_TEXT,
      photoUrl: stored[KEYS.aboutPhotoUrl] || null,
    },
    faq: faqFrom(stored[KEYS.faq]),
    ...footerWordsFrom(stored),
  };
}

const FOOTER_KEYS = [
  KEYS.email,
  KEYS.phone,
  KEYS.address,
  KEYS.openingHours,
  KEYS.socialLinks,
] as const;

/**
 * Every page's footer reads these, and the site's time zone its dates are shown in (decision
 * 0055): one query compiled once (db/precompiled.ts).
 */
const selectEveryPageSettings = precompiled((db: DB) =>
  db
    .selectFrom("site_settings")
    .select(["key", "value"])
    .where("key", "in", [...FOOTER_KEYS, TIME_ZONE_KEY]),
);

export async function getFooterWords(db: DB): Promise<FooterWords> {
  return (await getEveryPageSettings(db)).footer;
}

/** What every page reads of the settings: the footer's words and the site's time zone. */
export async function getEveryPageSettings(
  db: DB,
): Promise<{ footer: FooterWords; timeZone: string }> {
  const rows = await selectEveryPageSettings(db);
  const stored: Stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return { footer: footerWordsFrom(stored), timeZone: timeZoneFrom(stored[TIME_ZONE_KEY]) };
}

function footerWordsFrom(stored: Stored): FooterWords {
  return {
    contact: {
      email: stored[KEYS.email] ?? "",
      phone: stored[KEYS.phone] ?? "",
      address: stored[KEYS.address] ?? "",
      openingHours: stored[KEYS.openingHours] ?? "",
    },
    socialLinks: socialLinksFrom(stored[KEYS.socialLinks]),
  };
}

/** A stored value another version (or a hand in the database) got wrong reads as the default. */
function parsedJson(value: string | undefined): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

export function faqFrom(value: string | undefined): FaqItem[] {
  const parsed = parsedJson(value);
  if (!Array.isArray(parsed)) return DEFAULT_FAQ.map((item) => ({ ...item }));
  const items = parsed.filter(
    (item): item is FaqItem =>
      typeof item?.id === "string" &&
      typeof item.question === "string" &&
      typeof item.answer === "string",
  );
  return items.length > 0 ? items : DEFAULT_FAQ.map((item) => ({ ...item }));
}

function socialLinksFrom(value: string | undefined): SocialLink[] {
  const parsed = parsedJson(value);
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (link): link is SocialLink =>
      typeof link?.url === "string" &&
      typeof link.network === "string" &&
      isSocialNetwork(link.network),
  );
}

/** The FAQ's key, for its own read-and-replace (core/site/faq.server.ts). */
export const FAQ_KEY = KEYS.faq;

async function writeSettings(trx: Transaction<Database>, entries: [string, string][]) {
  for (const [key, value] of entries) {
    await trx
      .insertInto("site_settings")
      .values({ key, value })
      .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
      .execute();
  }
}

/** The hero's heading and text; either saved empty brings back the site's own. */
export async function saveHero(db: DB, ownerId: string, hero: Hero): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeSettings(trx, [
      [KEYS.heroTitle, hero.title],
      [KEYS.heroText, hero.text],
    ]);
    await recordSiteWordChange(trx, "hero", ownerId, hero);
  });
}

/**
 * The About Me block: its Markdown (empty: back to the site's own text) and the photo, kept as
 * it is (`undefined`), replaced by an uploaded one's address, or removed (`null`).
 */
export async function saveAbout(
  db: DB,
  ownerId: string,
  { text, photoUrl }: { text: string; photoUrl: string | null | undefined },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const entries: [string, string][] = [[KEYS.aboutText, text]];
    if (photoUrl !== undefined) entries.push([KEYS.aboutPhotoUrl, photoUrl ?? ""]);
    await writeSettings(trx, entries);
    const stored = await readStored(trx, [KEYS.aboutPhotoUrl]);
    await recordSiteWordChange(trx, "about", ownerId, {
      text,
      photoUrl: stored[KEYS.aboutPhotoUrl] || null,
    });
  });
}

export async function saveContactDetails(
  db: DB,
  ownerId: string,
  contact: ContactDetails,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeSettings(trx, [
      [KEYS.email, contact.email],
      [KEYS.phone, contact.phone],
      [KEYS.address, contact.address],
      [KEYS.openingHours, contact.openingHours],
    ]);
    await recordSiteWordChange(trx, "contact", ownerId, contact);
  });
}

export async function saveSocialLinks(db: DB, ownerId: string, links: SocialLink[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeSettings(trx, [[KEYS.socialLinks, JSON.stringify(links)]]);
    await recordSiteWordChange(trx, "social", ownerId, links);
  });
}

/**
 * The teacher's Markdown (About Me, FAQ answers) as HTML that can never run script: raw HTML
 * shows as text, links only http(s), mailto and the site's own (core/markdown.server.ts).
 * It sits under its section's own h2 (About Me, My teaching, Frequently asked questions), so its
 * headings start at h3 and skip no level.
 */
const markdown = createMarkdown({ breaks: false, headingsUnder: 2 });

export function renderSiteMarkdown(text: string): string {
  return markdown.render(text);
}

/** The FAQ as the pages show it: each answer rendered. */
export function renderedFaq(items: FaqItem[]) {
  return items.map((item) => ({
    id: item.id,
    question: item.question,
    answerHtml: renderSiteMarkdown(item.answer),
  }));
}
