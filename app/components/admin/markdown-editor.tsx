import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { TextAreaField } from "../form-field.tsx";

/** How long typing must pause before the preview is asked for again. */
const PREVIEW_PAUSE_MS = 400;

/**
 * A Markdown field beside its preview: a post's body, a Writing task's prompt. Once JavaScript
 * runs, the preview follows the typing: a pause sends the text alone to the page's own action
 * (intent "preview"), which renders it with the site's own renderer, so the preview is exactly
 * what readers get and no renderer joins the browser's bundle. Without JavaScript the form's
 * Preview button does the same for the whole form, and `serverHtml` holds its answer (or, on an
 * Edit page, the saved text's).
 */
export function MarkdownEditor({
  label,
  name,
  rows,
  maxLength,
  hint,
  serverHtml,
  previewId,
  waiting,
}: {
  label: string;
  name: string;
  rows: number;
  maxLength: number;
  hint: string;
  /** The server's preview: the Preview button's answer, or the saved text's. */
  serverHtml: string | null;
  /** The preview's heading is `<previewId>-heading`, which names its region. */
  previewId: string;
  /** What the empty preview says, with JavaScript (it follows the typing) and without. */
  waiting: { scripted: string; plain: string };
}) {
  const fetcher = useFetcher<{ previewHtml?: string | null }>();
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [scripted, setScripted] = useState(false);
  useEffect(() => {
    setScripted(true);
    return () => clearTimeout(pause.current);
  }, []);
  const html = fetcher.data?.previewHtml ?? serverHtml;
  const headingId = `${previewId}-heading`;

  const askForPreview = (text: string) => {
    clearTimeout(pause.current);
    pause.current = setTimeout(() => {
      const sent = new FormData();
      sent.set("intent", "preview");
      sent.set(name, text);
      // Multipart, like the form itself: these pages take a long text in that form.
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
        label={label}
        name={name}
        rows={rows}
        required
        maxLength={maxLength}
        className="field mt-1 font-mono text-sm"
        hint={hint}
        onChange={(event) => askForPreview(event.currentTarget.value)}
      />
      <section aria-labelledby={headingId} aria-busy={fetcher.state !== "idle"}>
        <h2 id={headingId} className="text-sm font-semibold text-slate-800">
          Preview
        </h2>
        {html ? (
          <article
            className="prose-article mt-1 max-h-[36rem] overflow-auto rounded-xl bg-white p-4 text-slate-700 ring-1 ring-slate-200"
            // Rendered on the server by the site's own renderer (core/markdown.server.ts): raw
            // HTML shown as text, only harmless links; no markup of the author's own runs.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's escaped Markdown output, see above
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ) : (
          <p className="mt-1 rounded-xl p-4 text-sm text-slate-600 ring-1 ring-slate-200">
            {scripted ? waiting.scripted : waiting.plain}
          </p>
        )}
      </section>
    </div>
  );
}
