import { MAX_POST_BODY_LENGTH } from "../../../core/limits/field-limits.ts";
import { MarkdownEditor } from "./markdown-editor.tsx";

const MARKDOWN_HINT =
  'Markdown: "## " starts a heading, "- " a list item, "> " a quote; **bold**, *italic*, [a link](https://example.com), ![a picture](https://…), `code`, and tables with | between cells.';

/**
 * The post's Markdown beside its preview, rendered by the blog's own renderer as the owner types
 * (or by the Preview button without JavaScript): see `MarkdownEditor`.
 */
export function PostBodyEditor({ serverHtml }: { serverHtml: string | null }) {
  return (
    <MarkdownEditor
      label="Post (Markdown)"
      name="body"
      rows={22}
      maxLength={MAX_POST_BODY_LENGTH}
      hint={MARKDOWN_HINT}
      serverHtml={serverHtml}
      previewId="post-preview"
      waiting={{
        scripted: "The post shows here as readers will see it, as you write.",
        plain: "Press Preview, under the form, to see the post as readers will.",
      }}
    />
  );
}
