/**
 * The teacher's Markdown as the server rendered it (core/markdown.server.ts: raw HTML shown as
 * text, only safe links), so no markup of the author's own reaches the page.
 */
export function MarkdownHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={`prose-article ${className ?? ""}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped Markdown output, see above
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
