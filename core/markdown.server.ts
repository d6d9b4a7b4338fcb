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
  /** Headings one level down, under the page's own h1 (a post's title). */
  headingsUnder?: boolean;
  /** Addresses on the site (`/blog/…`) made absolute on this origin: for mail. */
  siteUrl?: string;
}

export function createMarkdown({ breaks, headingsUnder = false, siteUrl }: MarkdownOptions) {
  const markdown = new MarkdownIt({ html: false, linkify: true, breaks });
  markdown.validateLink = isSafeLink;
  if (siteUrl) {
    const normalize = markdown.normalizeLink.bind(markdown);
    markdown.normalizeLink = (url) =>
      normalize(url.startsWith("/") && !url.startsWith("//") ? `${siteUrl}${url}` : url);
  }
  if (headingsUnder) {
    markdown.core.ruler.push("headings_under_title", (state) => {
      for (const token of state.tokens) {
        if (token.type === "heading_open" || token.type === "heading_close") {
          token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 1)}`;
        }
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

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}
