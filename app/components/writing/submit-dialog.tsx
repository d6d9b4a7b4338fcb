import { useModalDialog } from "../../lib/use-modal-dialog.ts";

export interface AnswerCount {
  label: string;
  words: number;
  minimumWords: number;
}

/**
 * "Submit" asks first, as a native modal `<dialog>` (focus moves in and back, Escape keeps
 * writing): the words of each answer as the server counts them, and that a submitted answer
 * cannot be changed. The clock runs on meanwhile, as in the test. Without JavaScript the
 * screen's action asks the same as a second step (app/lib/writing/answer-actions.server.ts).
 */
export function SubmitDialog({
  counts,
  onConfirm,
  onCancel,
}: {
  counts: AnswerCount[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useModalDialog();
  const empty = counts.filter((count) => count.words === 0);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="submit-answer-title"
      aria-describedby="submit-answer-counts"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-2xl p-6 shadow-xl backdrop:bg-black/50"
    >
      <h2 id="submit-answer-title" className="text-lg font-bold text-slate-900">
        {counts.length > 1 ? "Submit your answers?" : "Submit your answer?"}
      </h2>
      <div id="submit-answer-counts" className="mt-2 space-y-2 text-slate-700">
        <ul className="space-y-1">
          {counts.map((count) => (
            <li key={count.label}>
              {`${count.label}: ${count.words} ${count.words === 1 ? "word" : "words"}`}
              {count.words < count.minimumWords && (
                <strong className="font-semibold text-red-800">
                  {` (under ${count.minimumWords})`}
                </strong>
              )}
            </li>
          ))}
        </ul>
        {counts.length > 1 && empty.length > 0 && empty.length < counts.length && (
          <p>{`${empty.map((count) => count.label).join(" and ")} has no words and is not submitted.`}</p>
        )}
        <p>Once submitted, an answer cannot be changed.</p>
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Keep writing
        </button>
        <button type="button" className="btn-primary" onClick={onConfirm}>
          Submit
        </button>
      </div>
    </dialog>
  );
}
