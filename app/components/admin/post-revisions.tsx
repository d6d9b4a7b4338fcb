import { ButtonForm } from "../button-form.tsx";

export interface RevisionLine {
  id: string;
  number: number;
  title: string;
  /** When it was saved, in the teacher's time zone. */
  savedOn: string;
  /** Who saved it; null once their account is gone. */
  authorName: string | null;
}

/**
 * The post's kept saves, newest first, each with its time and author; any but the newest (which
 * is what the form holds) can be brought back.
 */
export function PostRevisions({ revisions, kept }: { revisions: RevisionLine[]; kept: number }) {
  return (
    <>
      <p className="mt-1 text-sm text-slate-600">
        {`Every save is kept (the last ${kept}). Restoring one brings back its words, picture, tags and address as a new save; the post's status stays as it is.`}
      </p>
      <ol className="mt-4 divide-y divide-slate-200">
        {revisions.map((revision, index) => (
          <li key={revision.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span>
              <span className="font-semibold text-slate-900">{revision.title}</span>
              <span className="block text-sm text-slate-600">
                {`Save ${revision.number}, ${revision.savedOn}, by ${revision.authorName ?? "a deleted account"}`}
                {index === 0 && " (what the form holds now)"}
              </span>
            </span>
            {index > 0 && (
              <ButtonForm
                fields={{ intent: "restore", revisionId: revision.id }}
                className="btn-secondary"
                busyLabel="Restoring…"
                aria-label={`Restore save ${revision.number}, ${revision.savedOn}`}
              >
                Restore
              </ButtonForm>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
