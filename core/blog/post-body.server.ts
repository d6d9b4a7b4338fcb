import { createMarkdown } from "../markdown.server.ts";

/**
 * A post's Markdown as the blog shows it: headings, lists, links, pictures, quotes, code and
 * tables; raw HTML shown as text and only harmless links kept (core/markdown.server.ts). The
 * post's title is the h1 wherever the post is shown (its page, the editor's preview, a feed
 * reader's view of the entry, the newsletter mail), so the body's headings sit under it: the
 * highest level the post uses is h2 and none skips a level (`headingLevelsUnder`).
 */
const UNDER_THE_TITLE = 1;

const onThePage = createMarkdown({ breaks: false, headingsUnder: UNDER_THE_TITLE });

export function renderPostBody(body: string): string {
  return onThePage.render(body);
}

/** One renderer per origin (a process has one BASE_URL): building markdown-it costs more than a post. */
const absoluteRenderers = new Map<string, ReturnType<typeof createMarkdown>>();

/**
 * A post as a feed or a mail carries it: as on the page, with every address on the site
 * absolute, since a feed reader or a mail client shows it away from the site.
 */
export function renderPostBodyAbsolute(body: string, siteUrl: string): string {
  let markdown = absoluteRenderers.get(siteUrl);
  if (!markdown) {
    markdown = createMarkdown({ breaks: false, headingsUnder: UNDER_THE_TITLE, siteUrl });
    absoluteRenderers.set(siteUrl, markdown);
  }
  return markdown.render(body);
}
