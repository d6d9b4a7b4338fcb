import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { MAX_POST_BODY_LENGTH } from "../../../core/limits/field-limits.ts";
import { TextAreaField } from "../form-field.tsx";

/** How long typing must pause before the preview is asked for again. */
const PREVIEW_PAUSE_MS = 400;

const MARKDOWN_HINT =
  'Markdown: "## " starts a heading, "- " a list item, "> " a quote; **bold**, *italic*, [a link](https://example.com), ![a picture](https://…), `code`, and tables with | between cells.';

/**
 * The post's Markdown beside its preview. Once JavaScript runs, the preview follows the typing:
 * a pause sends the text to the page's own action (intent "preview"), which renders it with the
 * blog's renderer, so the preview is exactly what readers get and no renderer joins the
 * browser's bundle. Without JavaScript the form's Preview button does the same for the whole
 * form, and `serverHtml` holds its answer (or, on Edit, the saved text's).
 */
export function PostBodyEditor({ serverHtml }: { serverHtml: string | null }) {
  const fetcher = useFetcher<{ previewHtml?: string | null }>();
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [scripted, setScripted] = useState(false);
  useEffect(() => {
    setScripted(true);
    return () => clearTimeout(pause.current);
  }, []);
  const html = fetcher.data?.previewHtml ?? serverHtml;

  const askForPreview = (body: string) => {
    clearTimeout(pause.current);
    pause.current = setTimeout(() => {
      const sent = new FormData();
      sent.set("intent", "preview");
      sent.set("body", body);
      // Multipart, like the form itself: this page takes a long post's text in that form.
      void fetcher.submit(sent, {
        method: "post",
        encType: "multipart/form-data",
        // A preview changes nothing, so nothing on the page needs reading again.
        defaultShouldRevalidate: false,
      });
    }, PREVIEW_PAUSE_MS);
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TextAreaField
        label="Post (Markdown)"
        name="body"
        rows={22}
        required
        maxLength={MAX_POST_BODY_LENGTH}
        className="field mt-1 font-mono text-sm"
        hint={MARKDOWN_HINT}
        onChange={(event) => askForPreview(event.currentTarget.value)}
      />
      <section aria-labelledby="post-preview-heading" aria-busy={fetcher.state !== "idle"}>
        <h2 id="post-preview-heading" className="text-sm font-semibold text-slate-800">
          Preview
        </h2>
        {html ? (
          <article
            className="prose-article mt-1 max-h-[36rem] overflow-auto rounded-xl bg-white p-4 text-slate-700 ring-1 ring-slate-200"
            // Rendered on the server by the blog's own renderer (core/blog/post-body.server.ts): raw
            // HTML shown as text, only harmless links; no markup of the author's own runs.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the blog's escaped Markdown output, see above
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ) : (
          <p className="mt-1 rounded-xl p-4 text-sm text-slate-600 ring-1 ring-slate-200">
            {scripted
              ? "The post shows here as readers will see it, as you write."
              : "Press Preview, under the form, to see the post as readers will."}
          </p>
        )}
      </section>
    </div>
  );
}
