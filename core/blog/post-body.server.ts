import { createMarkdown } from "../markdown.server.ts";

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

/** One renderer per origin (a process has one BASE_URL): building markdown-it costs more than a post. */
const absoluteRenderers = new Map<string, ReturnType<typeof createMarkdown>>();

/**
 * A post as a feed carries it: as on the page (headings from h2), with every address on the site
 * absolute, since a feed reader shows it away from the site.
 */
export function renderPostBodyAbsolute(body: string, siteUrl: string): string {
  let markdown = absoluteRenderers.get(siteUrl);
  if (!markdown) {
    markdown = createMarkdown({ breaks: false, headingsUnder: true, siteUrl });
    absoluteRenderers.set(siteUrl, markdown);
  }
  return markdown.render(body);
}
