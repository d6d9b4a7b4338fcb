import { LRUCache } from "lru-cache";
import MarkdownIt from "markdown-it";

/**
 * Markdown the owner writes (posts, newsletters) as HTML that can never run script: raw HTML is
 * shown as text (`html: false`), and links and pictures may only point at http(s), mailto or an
 * address on the site itself (DESIGN: "only http(s) and mailto links"). markdown-it's own check
 * refuses `javascript:`, `vbscript:`, `file:` and most `data:`; this one lets through only what
 * is known to be harmless, so a scheme nobody thought of is refused too. A refused link stays as
 * its text.
 */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const ALLOWED_SCHEMES = new Set(["http", "https", "mailto"]);

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f]/g;

export function isSafeLink(url: string): boolean {
  // Browsers drop these before reading a scheme ("java\tscript:" is javascript:).
  const compact = url.replace(IGNORED_BY_BROWSERS, "");
  const scheme = SCHEME.exec(compact)?.[1];
  return scheme === undefined
    ? !compact.startsWith("\\")
    : ALLOWED_SCHEMES.has(scheme.toLowerCase());
}

export interface MarkdownOptions {
  /** A single line break stays a line break (a letter), or joins the lines (an article). */
  breaks: boolean;
  /**
   * The level of the page's heading the text sits under (1: a post under its title's h1). Its
   * headings then follow that one with no level skipped (see `headingLevelsUnder`). Without it
   * the Markdown's own levels are kept.
   */
  headingsUnder?: number;
  /** Addresses on the site (`/blog/…`) made absolute on this origin: for mail. */
  siteUrl?: string;
}

/**
 * The HTML level of each of a text's headings, given their Markdown levels in order, placed under
 * a heading of level `under`: each heading goes one level below the nearest earlier heading that
 * the Markdown puts above it (a lower level), or one below `under` when there is none. So the
 * highest level the text uses becomes `under + 1` wherever it is, the rest follow in order, and a
 * gap inside the text closes: "## A", "#### B", "### C" become h2, h3, h3 under an h1 (B and C
 * are both A's subsections); no heading is ever more than one level deeper than the one before
 * it. HTML has six levels: anything deeper stays at h6.
 */
export function headingLevelsUnder(under: number, levels: readonly number[]): number[] {
  // The headings still open, outermost first: their Markdown level and the level they were given.
  const open: { source: number; level: number }[] = [];
  return levels.map((source) => {
    while (open.length > 0 && (open.at(-1)?.source ?? 0) >= source) open.pop();
    const level = Math.min(6, (open.at(-1)?.level ?? under) + 1);
    open.push({ source, level });
    return level;
  });
}

export function createMarkdown({ breaks, headingsUnder, siteUrl }: MarkdownOptions) {
  const markdown = new MarkdownIt({ html: false, linkify: true, breaks });
  markdown.validateLink = isSafeLink;
  if (siteUrl) {
    const normalize = markdown.normalizeLink.bind(markdown);
    markdown.normalizeLink = (url) =>
      normalize(url.startsWith("/") && !url.startsWith("//") ? `${siteUrl}${url}` : url);
  }
  if (headingsUnder !== undefined) {
    markdown.core.ruler.push("headings_under_page_heading", (state) => {
      // In document order, headings inside a quote or a list too, as a reader's outline has
      // them. A heading holds only inline content, so its close comes before the next open.
      const opens = state.tokens.filter((token) => token.type === "heading_open");
      const levels = headingLevelsUnder(
        headingsUnder,
        opens.map((token) => Number(token.tag.slice(1))),
      );
      let index = 0;
      let tag = "";
      for (const token of state.tokens) {
        if (token.type === "heading_open") tag = `h${levels[index++]}`;
        if (token.type === "heading_open" || token.type === "heading_close") token.tag = tag;
      }
    });
  }
  const renderImage = markdown.renderer.rules.image;
  markdown.renderer.rules.image = (tokens, index, options, env, self) => {
    // Pictures below the first screen wait until the reader gets near them.
    tokens[index]?.attrSet("loading", "lazy");
    return renderImage
      ? renderImage(tokens, index, options, env, self)
      : self.renderToken(tokens, index, options);
  };
  return markdown;
}

/**
 * `renderer.render`, remembered by the Markdown it was given: for short texts rendered on every
 * view of a page (a Writing task's prompt, a marking's summary), which change seldom (a changed
 * text is a new key). At most `characters` of HTML are kept, the least recently shown dropped.
 */
export function rememberedRender(
  renderer: { render: (markdown: string) => string },
  characters = 2 * 1024 * 1024,
): (markdown: string) => string {
  const kept = new LRUCache<string, string>({
    maxSize: characters,
    sizeCalculation: (html) => Math.max(1, html.length),
  });
  return (markdown) => {
    let html = kept.get(markdown);
    if (html === undefined) {
      html = renderer.render(markdown);
      kept.set(markdown, html);
    }
    return html;
  };
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}
