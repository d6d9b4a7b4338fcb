import { createMarkdown } from "./markdown.server.ts";

/**
 * A post's Markdown as the blog shows it: headings, lists, links, pictures, quotes, code and
 * tables; raw HTML shown as text and only harmless links kept (core/markdown.server.ts). The
 * post's title is the page's h1, so the body's headings start at h2.
 */
const onThePage = createMarkdown({ breaks: false, headingsUnder: true });

export function renderPostBody(body: string): string {
  return onThePage.render(body);
}

/** The same for a mail, where every address on the site must be absolute. */
export function renderPostBodyForMail(body: string, siteUrl: string): string {
  return createMarkdown({ breaks: false, siteUrl }).render(body);
}
