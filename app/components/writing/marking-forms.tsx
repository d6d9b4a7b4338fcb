import { useEffect, useRef } from "react";
import { Form } from "react-router";
import {
  MAX_BAND_NOTE_LENGTH,
  MAX_COMMENT_LENGTH,
  MAX_CORRECTION_LENGTH,
  MAX_SUMMARY_LENGTH,
} from "../../../core/limits/field-limits.ts";
import {
  BAND_ROUNDING_RULE,
  COMMENT_CRITERIA,
  type CommentCriterion,
  formatBand,
  HIGHEST_BAND,
  LOWEST_BAND,
  WRITING_CRITERIA,
  type WritingCriterion,
} from "../../../core/writing/bands.ts";
import type { WritingMarking } from "../../../core/writing/markings.server.ts";
import type { FormState } from "../fields/form-state.tsx";
import { FieldForm, SelectField, TextAreaField, TextField } from "../form-field.tsx";
import { Link } from "../links.tsx";
import { SubmitButton } from "../submit-button.tsx";
import { type CommentOnText, commentAnchor } from "./commented-answer.tsx";

/*
 * The marking page's forms (issue 39, point 3), each working without JavaScript: a comment's
 * words and criterion, the quote form that places a comment by its words, a comment's Change and
 * Remove, the bands with their notes and the summary, and "Return to student".
 */

const BAND_OPTIONS = Array.from({ length: HIGHEST_BAND - LOWEST_BAND + 1 }, (_, index) => {
  const band = String(LOWEST_BAND + index);
  return [band, band] as const;
});

/** A message for the whole form (not one field), where it was sent from. */
export function FormMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** What a comment is about, its words and a suggested correction: `idPrefix` keeps ids apart. */
export function CommentFields({
  idPrefix,
  names,
  comment,
}: {
  idPrefix: string;
  names: Record<CommentCriterion, string>;
  comment?: Pick<CommentOnText, "criterion" | "text" | "correction">;
}) {
  return (
    <>
      <SelectField
        label="Criterion"
        name="criterion"
        id={`${idPrefix}-criterion`}
        options={COMMENT_CRITERIA.map((criterion) => [criterion, names[criterion]] as const)}
        placeholder="Choose what it is about"
        required
        defaultValue={comment?.criterion}
      />
      <TextAreaField
        label="Comment"
        name="text"
        id={`${idPrefix}-text`}
        rows={3}
        required
        maxLength={MAX_COMMENT_LENGTH}
        dir="auto"
        defaultValue={comment?.text}
      />
      <TextField
        label="Suggested correction (optional)"
        name="correction"
        id={`${idPrefix}-correction`}
        maxLength={MAX_CORRECTION_LENGTH}
        dir="auto"
        defaultValue={comment?.correction ?? undefined}
      />
    </>
  );
}

/** Without JavaScript (or without a mouse): a comment placed by the passage's exact words. */
export function QuoteCommentForm({
  state,
  names,
}: {
  state: FormState | undefined;
  names: Record<CommentCriterion, string>;
}) {
  return (
    <FieldForm method="post" state={state} className="mt-3 space-y-3">
      <input type="hidden" name="intent" value="add-comment" />
      <TextAreaField
        label="The passage's exact words"
        name="quote"
        id="quote-comment-quote"
        rows={2}
        required
        dir="auto"
        hint="Copy them from the answer. Words that are there more than once need a word or two around them."
      />
      <CommentFields idPrefix="quote-comment" names={names} />
      <SubmitButton busyLabel="Adding…" className="btn-primary">
        Add the comment
      </SubmitButton>
    </FieldForm>
  );
}

/**
 * Where a comment's Change and Remove open: this page with `?change={commentId}`, which shows that
 * comment's form alone (`CommentChangeForms`). A form per comment, 40 of them on a well-marked
 * answer, made the page twice as heavy to send and to render (decision 0062).
 */
export const changeCommentSearch = (commentId: string) =>
  `?change=${encodeURIComponent(commentId)}`;

/** Marks the links that open a comment's Change and Remove (followed in place by ChangeLinks). */
export const CHANGE_LINK_ATTRIBUTE = "data-change-comment";

/**
 * The link that opens a comment's Change and Remove, back to its place in the comments. A plain
 * anchor: it is drawn into the kept HTML of the answer (commented-answer-html.server.tsx), where
 * no router is; `ChangeLinks` follows it without a reload.
 */
export function ChangeCommentLink({ comment }: { comment: CommentOnText }) {
  return (
    <p className="mt-2">
      <a
        href={`${changeCommentSearch(comment.id)}#${commentAnchor(comment.number)}`}
        className="link text-sm font-semibold"
        {...{ [CHANGE_LINK_ATTRIBUTE]: "" }}
      >
        {`Change or remove comment ${comment.number}`}
      </a>
    </p>
  );
}

/**
 * A comment's Change and Remove, under its text once its link was followed (or when a change was
 * refused, with the message beside its field); Cancel leads back to the comment.
 */
export function CommentChangeForms({
  comment,
  names,
  state,
  pagePath,
}: {
  comment: CommentOnText;
  names: Record<CommentCriterion, string>;
  /** The refused Change or Remove of this comment, if that was the last form sent. */
  state: (FormState & { fieldErrors?: Record<string, string | undefined> }) | undefined;
  /** The marking page, without `?change`. */
  pagePath: string;
}) {
  const idPrefix = `comment-${comment.number}-change`;
  const box = useRef<HTMLDivElement>(null);
  // Opened from its link without a reload: the keyboard goes on to the form it asked for.
  useEffect(() => {
    box.current?.querySelector<HTMLElement>("select")?.focus();
  }, []);
  return (
    <div ref={box} className="mt-3 border-t border-slate-200 pt-3">
      <h3 className="text-sm font-semibold text-slate-900">
        {`Change or remove comment ${comment.number}`}
      </h3>
      <FieldForm method="post" state={state} className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="change-comment" />
        <input type="hidden" name="commentId" value={comment.id} />
        <FormMessage id={`${idPrefix}-error`} message={state?.fieldErrors?.form} />
        <CommentFields idPrefix={idPrefix} names={names} comment={comment} />
        <SubmitButton busyLabel="Saving…" className="btn-secondary">
          {`Save comment ${comment.number}`}
        </SubmitButton>
      </FieldForm>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="remove-comment" />
          <input type="hidden" name="commentId" value={comment.id} />
          <SubmitButton busyLabel="Removing…" className="btn-secondary">
            {`Remove comment ${comment.number}`}
          </SubmitButton>
        </Form>
        <Link
          to={`${pagePath}#${commentAnchor(comment.number)}`}
          preventScrollReset
          className="link text-sm"
        >
          Cancel
        </Link>
      </div>
    </div>
  );
}

/**
 * The four bands (a whole band each), a note on each, and the summary in Markdown. Before the
 * marking is returned it saves as often as wanted; after, it corrects, which the student sees.
 */
export function MarksForm({
  marking,
  names,
  returned,
  state,
}: {
  marking: Pick<WritingMarking, "bands" | "notes" | "summary" | "taskBand">;
  names: Record<WritingCriterion, string>;
  returned: boolean;
  state: (FormState & { fieldErrors?: Record<string, string | undefined> }) | undefined;
}) {
  return (
    <FieldForm method="post" state={state} className="mt-4 space-y-5">
      <input type="hidden" name="intent" value="save-marks" />
      <FormMessage id="marks-form-error" message={state?.fieldErrors?.form} />
      <div className="grid gap-5 md:grid-cols-2">
        {WRITING_CRITERIA.map((criterion) => {
          const band = marking.bands[criterion];
          return (
            <div
              key={criterion}
              className="space-y-2 rounded-lg bg-white p-4 ring-1 ring-slate-200"
            >
              <SelectField
                label={`${names[criterion]} band`}
                name={`bands.${criterion}`}
                options={BAND_OPTIONS}
                placeholder="Choose a band"
                required
                defaultValue={band === null ? undefined : String(band)}
              />
              <TextAreaField
                label={`Note on ${names[criterion]} (optional)`}
                name={`notes.${criterion}`}
                rows={2}
                maxLength={MAX_BAND_NOTE_LENGTH}
                dir="auto"
                defaultValue={marking.notes[criterion] ?? undefined}
              />
            </div>
          );
        })}
      </div>
      <TextAreaField
        label="Summary"
        name="summary"
        rows={8}
        required
        maxLength={MAX_SUMMARY_LENGTH}
        dir="auto"
        defaultValue={marking.summary ?? undefined}
        hint="Markdown: a blank line between paragraphs, **bold**, lists and links. The student reads it with the bands."
      />
      <p className="text-slate-900">
        {marking.taskBand === null ? (
          "The task's band shows once the four bands are saved."
        ) : (
          <>
            {"Task band: "}
            <strong className="text-xl font-bold">{formatBand(marking.taskBand)}</strong>
          </>
        )}
      </p>
      <p className="text-sm text-slate-600">{BAND_ROUNDING_RULE}</p>
      <SubmitButton busyLabel="Saving…" className="btn-primary">
        {returned ? "Save the correction" : "Save marks"}
      </SubmitButton>
    </FieldForm>
  );
}

/** "Return to student", refused with its reason until the bands and summary are saved. */
export function ReturnForm({ error }: { error: string | undefined }) {
  return (
    <Form method="post" className="mt-4 space-y-2">
      <input type="hidden" name="intent" value="return" />
      <FormMessage id="return-error" message={error} />
      <SubmitButton
        busyLabel="Returning…"
        className="btn-primary"
        aria-describedby={error ? "return-error" : undefined}
      >
        Return to student
      </SubmitButton>
    </Form>
  );
}
