/**
 * The blog's rules that need nothing but the text (decision 0039), for the server and the
 * editor alike: a post's address from its title, its summary from its first paragraph, its
 * reading time.
 */
import { MAX_POST_EXCERPT_LENGTH, MAX_POST_SLUG_LENGTH } from "../limits/field-limits.ts";

/** What a post's (or a tag's) address may hold. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * An address made from a title: letters without their accents, lower case, every run of
 * anything else a single hyphen, at most `max` characters (cut at a hyphen when one is near).
 * Empty when the title has no letter or digit at all.
 */
export function slugify(title: string, max = MAX_POST_SLUG_LENGTH): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > max / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, "");
}

/** The Markdown of a paragraph as the words a reader sees. */
function plainText(markdown: string): string {
  return (
    markdown
      // Images say nothing in a summary; links keep their words.
      .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<(https?:[^>\s]+|mailto:[^>\s]+)>/g, "$1")
      .replace(/^\s{0,3}(?:>\s?|[-*+]\s+|\d+[.)]\s+)/gm, "")
      // A marker escaped with a backslash is a character of the text, not emphasis.
      .replace(/(?<!\\)(\*\*|__|\*|_|~~|`+)(\S(?:[\s\S]*?\S)??)(?<!\\)\1/g, "$2")
      .replace(/\\([\\`*_{}[\]()#+\-.!>~|])/g, "$1")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** Cuts a text to at most `max` characters at a word's end, marking the cut with an ellipsis. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(" ");
  const cut = lastSpace > max / 2 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:.!?-]+$/, "")}…`;
}

/**
 * The summary of a post without one: its first paragraph of prose (not a heading, picture,
 * code, table or rule), as plain text, cut at a word to fit `MAX_POST_EXCERPT_LENGTH`.
 */
export function excerptFromBody(body: string, max = MAX_POST_EXCERPT_LENGTH): string {
  const blocks = body
    .replace(/\r\n?/g, "\n")
    // Fenced code is never a summary, whatever blank lines it holds.
    .replace(/^\s{0,3}(```|~~~)[\s\S]*?^\s{0,3}\1[^\n]*$/gm, "")
    .split(/\n\s*\n/);
  for (const block of blocks) {
    const trimmed = block.trim();
    if (trimmed === "") continue;
    if (/^#{1,6}\s/.test(trimmed) || /^(?:[-*_]\s*){3,}$/.test(trimmed)) continue;
    if (/^\|/.test(trimmed) || /^( {4}|\t)/.test(block.replace(/^\n+/, ""))) continue;
    const text = plainText(trimmed);
    if (text !== "") return cutAtWord(text, max);
  }
  return "";
}

/** Minutes a reader takes over the post at about 200 words a minute; at least one. */
export function readingMinutes(body: string): number {
  const words = plainText(body).split(" ").filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}

/** The tags as the owner typed them (comma-separated), trimmed, without blanks or repeats. */
export function tagNames(typed: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const name of typed.split(",").map((part) => part.trim().replace(/\s+/g, " "))) {
    const key = name.toLowerCase();
    if (name === "" || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}
