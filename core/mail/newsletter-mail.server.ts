import { renderPostBodyAbsolute } from "../blog/post-body.server.ts";
import { createMarkdown, escapeHtml } from "../markdown.server.ts";
import { SITE_NAME } from "../site/site.ts";
import type { Mail } from "./mail-outbox.server.ts";

/**
 * The owner writes plain text or Markdown. Raw HTML in it is shown as text and only http(s),
 * mailto and the site's own links are kept (core/markdown.server.ts), so the result is safe to
 * put in a page or a mail as it is. A single line break stays a line break, as in a plain-text
 * letter. Its headings sit under its subject, as a post's under its title: the highest level it
 * uses is h2, none skips a level, and no "# " becomes a second h1 on the admin page's preview.
 */
const markdown = createMarkdown({ breaks: true, headingsUnder: 1 });

/** The issue's body as HTML: what the preview shows and the HTML part of every copy. */
export function renderIssueBody(body: string): string {
  return markdown.render(body);
}

interface IssueContent {
  subject: string;
  body: string;
}

/** A blog post sent as an issue: where it is on the site, and the site's origin for its links. */
export interface PostOnSite {
  url: string;
  siteUrl: string;
}

/**
 * One subscriber's copy: the text as written (Markdown reads as plain text), the same rendered as
 * HTML, and the one-click unsubscribe of RFC 8058 — a link in the footer, and the headers with
 * which a mail client offers its own button and POSTs to the same address.
 */
export function composeIssueMail(
  issue: IssueContent,
  { to, unsubscribeUrl, post }: { to: string; unsubscribeUrl: string; post?: PostOnSite },
): Mail {
  const footer = `You receive this because you subscribed to the ${SITE_NAME} newsletter.`;
  const unsubscribe = `${escapeHtml(footer)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> in one click.`;
  return {
    to,
    subject: issue.subject,
    text: post
      ? `${issue.subject}\n\n${absoluteMarkdownLinks(issue.body.trim(), post.siteUrl)}\n\nRead it on the site: ${post.url}\n\n-- \n${footer}\nUnsubscribe in one click: ${unsubscribeUrl}\n`
      : `${issue.body.trim()}\n\n-- \n${footer}\nUnsubscribe in one click: ${unsubscribeUrl}\n`,
    html: post ? postDocument(issue, post, unsubscribe) : htmlDocument(issue, unsubscribe),
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/**
 * The owner's test copy: the same issue, marked as a test. It carries no unsubscribe headers
 * (the owner need not be a subscriber); the footer says where each subscriber's link goes.
 */
export function composeTestMail(issue: IssueContent, to: string): Mail {
  const footer = `This is a test sent from the admin page. Each subscriber's copy ends with their own one-click unsubscribe link here.`;
  return {
    to,
    subject: `[Test] ${issue.subject}`,
    text: `${issue.body.trim()}\n\n-- \n${footer}\n`,
    html: htmlDocument(issue, escapeHtml(footer)),
  };
}

function htmlDocument(issue: IssueContent, footerHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(issue.subject)}</title></head>
<body style="margin:0 auto;max-width:600px;padding:16px;font-family:Arial,Helvetica,sans-serif;line-height:1.6;color:#0f172a">
${renderIssueBody(issue.body)}
<hr style="margin-top:32px;border:0;border-top:1px solid #cbd5e1">
<p style="font-size:13px;color:#475569">${footerHtml}</p>
</body></html>
`;
}

/** `](/blog/…)` and `](/images/…)` in Markdown read as plain text: the site's own addresses made absolute. */
function absoluteMarkdownLinks(markdown: string, siteUrl: string): string {
  return markdown.replace(/\]\(\/(?!\/)/g, `](${siteUrl}/`);
}

/** A blog post as a letter: its title, its body with absolute addresses, and the way to the site. */
function postDocument(issue: IssueContent, post: PostOnSite, footerHtml: string): string {
  const link = escapeHtml(post.url);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(issue.subject)}</title></head>
<body style="margin:0 auto;max-width:600px;padding:16px;font-family:Arial,Helvetica,sans-serif;line-height:1.6;color:#0f172a">
<h1 style="font-size:24px;line-height:1.3"><a href="${link}" style="color:#0f172a">${escapeHtml(issue.subject)}</a></h1>
${renderPostBodyAbsolute(issue.body, post.siteUrl)}
<p><a href="${link}">Read it on the site</a></p>
<hr style="margin-top:32px;border:0;border-top:1px solid #cbd5e1">
<p style="font-size:13px;color:#475569">${footerHtml}</p>
</body></html>
`;
}
