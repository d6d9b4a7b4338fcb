import { type ReactNode, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { CommentCriterion } from "../../../core/writing/bands.ts";
import type { MarkingActionData } from "../../lib/writing/marking-actions.server.ts";
import { selectedPassage } from "../../lib/writing/selection-offsets.ts";
import { FlashToast } from "../flash-toast.tsx";
import { FieldForm } from "../form-field.tsx";
import { SubmitButton } from "../submit-button.tsx";
import { CommentFields, FormMessage } from "./marking-forms.tsx";

interface Selected {
  start: number;
  end: number;
  /** Where the panel stands in the answer's box, under the selection. */
  top: number;
  left: number;
}

/** The panel's form posts through this fetcher, so the page stays where it is. */
const FETCHER_KEY = "passage-comment";

/** The panel's width: 22rem, or the box's whole width on a phone. */
const PANEL_WIDTH = 352;

/**
 * With JavaScript, the teacher selects words in the answer with the mouse (or the keyboard's
 * Shift and arrows) and an "Add a comment" panel opens under them; its form sends the passage as
 * offsets in the text, read from the selection (selection-offsets.ts), and the page takes the new
 * comment in without a reload. Without JavaScript nothing of this shows: the quote form below the
 * answer does the same.
 */
export function PassageCommenter({
  text,
  names,
  children,
}: {
  text: string;
  names: Record<CommentCriterion, string>;
  /** The answer, drawn by CommentedAnswer with `offsets`. */
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<Selected | null>(null);
  const fetcher = useFetcher<MarkingActionData>({ key: FETCHER_KEY });
  const sending = fetcher.state !== "idle";
  const [ready, setReady] = useState(false);

  useEffect(() => setReady(true), []);

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    const readSelection = (event: Event) => {
      if (panel.current?.contains(event.target as Node)) return;
      const selection = window.getSelection();
      if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return;
      const range = selection.getRangeAt(0);
      const passage = selectedPassage(container, range, text);
      if (!passage) return;
      const where = range.getBoundingClientRect();
      const inside = container.getBoundingClientRect();
      const width = Math.min(PANEL_WIDTH, inside.width);
      setSelected({
        ...passage,
        top: where.bottom - inside.top + 8,
        left: Math.max(0, Math.min(where.left - inside.left, inside.width - width)),
      });
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.shiftKey) readSelection(event);
    };
    container.addEventListener("mouseup", readSelection);
    container.addEventListener("keyup", onKeyUp);
    return () => {
      container.removeEventListener("mouseup", readSelection);
      container.removeEventListener("keyup", onKeyUp);
    };
  }, [text]);

  // The panel opens on its first field.
  const opened = selected !== null;
  useEffect(() => {
    if (opened) panel.current?.querySelector<HTMLElement>("select, textarea")?.focus();
  }, [opened]);

  // Added: the panel closes; the page's data already holds the new comment.
  const added = fetcher.state === "idle" && fetcher.data?.flash?.type === "success";
  const data = fetcher.data;
  useEffect(() => {
    if (data?.flash?.type === "success") {
      setSelected(null);
      window.getSelection()?.removeAllRanges();
    }
  }, [data]);

  const quote = selected ? text.slice(selected.start, selected.end) : "";
  return (
    <div ref={box} className="relative">
      {ready && (
        <p className="mb-3 text-sm text-slate-700">
          Select words in the answer to add a comment on them.
        </p>
      )}
      {children}
      {added && <FlashToast flash={fetcher.data?.flash} />}
      {selected && (
        <div
          ref={panel}
          role="dialog"
          aria-labelledby="passage-panel-heading"
          className="absolute z-10 w-full max-w-[22rem] rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-300"
          style={{ top: selected.top, left: selected.left }}
          onKeyDown={(event) => {
            if (event.key === "Escape") setSelected(null);
          }}
        >
          <h3 id="passage-panel-heading" className="text-lg font-bold text-slate-900">
            Add a comment
          </h3>
          <p dir="auto" className="mt-1 line-clamp-3 text-sm wrap-anywhere text-slate-700">
            {`On “${quote}”`}
          </p>
          <FieldForm
            method="post"
            state={fetcher.data?.flash?.type === "success" ? undefined : fetcher.data}
            className="mt-3 space-y-3"
            navigate={false}
            fetcherKey={FETCHER_KEY}
          >
            <input type="hidden" name="intent" value="add-comment" />
            <input type="hidden" name="js" value="1" />
            <input type="hidden" name="passageStart" value={selected.start} />
            <input type="hidden" name="passageEnd" value={selected.end} />
            <FormMessage
              id="passage-panel-error"
              message={
                fetcher.data?.fieldErrors.quote ??
                fetcher.data?.fieldErrors.form ??
                fetcher.data?.flash?.message
              }
            />
            <CommentFields idPrefix="selection-comment" names={names} />
            <div className="flex flex-wrap gap-3">
              <SubmitButton busyLabel="Adding…" pending={sending} className="btn-primary">
                Add the comment
              </SubmitButton>
              <button type="button" className="btn-secondary" onClick={() => setSelected(null)}>
                Cancel
              </button>
            </div>
          </FieldForm>
        </div>
      )}
    </div>
  );
}
