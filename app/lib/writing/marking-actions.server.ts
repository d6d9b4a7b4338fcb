import { data } from "react-router";
import type { SignedInUser } from "../../../core/accounts/signed-in-user.ts";
import type { WriteLimited } from "../../../core/limits/rate-limit.server.ts";
import { WRITING_CRITERIA } from "../../../core/writing/bands.ts";
import {
  addMarkingComment,
  type CommentPlace,
  changeMarkingComment,
  type MarkingComment,
  removeMarkingComment,
  returnMarking,
  saveMarks,
} from "../../../core/writing/markings.server.ts";
import { type AppContext, appContext } from "../../context.server.ts";
import { formValues } from "../forms.ts";
import { notYours, writeLimited, writerFor } from "../refusals.server.ts";
import type { Toast } from "../toast.server.ts";
import { redirectWithToast } from "../toast.server.ts";
import { markingPath } from "./task-paths.ts";

type ContextProvider = { get: (key: typeof appContext) => AppContext };

/*
 * The marking page's forms (/admin/writing/submissions/{id}, issue 39 point 3), one action told
 * apart by `intent`: add a comment (by its quoted words without JavaScript, by the selection's
 * offsets with it), change or remove one, save the bands and summary (a correction once
 * returned), and return the marking to the student. Each calls the use case the JSON API calls;
 * a refused form comes back with its words and the message beside the field.
 */

export const MARKING_INTENTS = [
  "add-comment",
  "change-comment",
  "remove-comment",
  "save-marks",
  "return",
] as const;
export type MarkingIntent = (typeof MARKING_INTENTS)[number];

/** What a refused marking form gets back. */
export interface MarkingActionData {
  intent: MarkingIntent | null;
  /** The comment a Change form was about. */
  commentId: string | null;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  flash: Toast | null;
}

/** The selection panel's offsets ("412"): a whole number, else NaN, which the rules refuse. */
function offset(raw: string | undefined): number {
  return raw !== undefined && /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
}

/** A select left on its placeholder sends "" (or nothing): no band, not band 0. */
const chosen = (raw: string | undefined) =>
  raw === undefined || raw.trim() === "" ? undefined : raw;

export async function markingAction({
  request,
  context,
  owner,
  submissionId,
  comments,
}: {
  request: Request;
  context: ContextProvider;
  owner: SignedInUser;
  submissionId: string;
  /** The answer's comments, as the page showed them: a Change or Remove names one of them. */
  comments: readonly MarkingComment[];
}) {
  const { db, baseUrl, wakeMailWorker, wakeWebhookWorker } = context.get(appContext);
  const form = await request.formData();
  const values = formValues(form);
  const writer = writerFor(context, owner);
  const here = markingPath(submissionId);
  const intent = (MARKING_INTENTS as readonly string[]).includes(values.intent ?? "")
    ? (values.intent as MarkingIntent)
    : null;
  const commentId = values.commentId ?? null;

  const answer = (extra: Partial<MarkingActionData>, status: number, init?: ResponseInit) =>
    data<MarkingActionData>(
      { intent, commentId, values, fieldErrors: {}, flash: null, ...extra },
      { ...init, status },
    );
  const refused = (
    refusal: WriteLimited | { reason: string; message: string; field?: string },
    fieldErrors?: Record<string, string>,
  ) => {
    if (refusal.reason === "rate-limited") {
      const limited = writeLimited(request, context, owner.id, refusal as WriteLimited);
      return answer({ flash: limited.data.flash }, 429, limited.init ?? undefined);
    }
    if (refusal.reason === "not-found") throw notYours(request, context, owner.id, "not-found");
    const { message, field } = refusal as { message: string; field?: string };
    // Returned already, or not ready to return: the page's state, said where the form is.
    if (refusal.reason === "returned" || refusal.reason === "not-ready")
      return answer({ fieldErrors: { [field ?? "form"]: message } }, 409);
    return answer({ fieldErrors: fieldErrors ?? { [field || "form"]: message } }, 400);
  };

  if (intent === "add-comment") {
    const place: CommentPlace =
      values.passageStart !== undefined || values.passageEnd !== undefined
        ? { passage: { start: offset(values.passageStart), end: offset(values.passageEnd) } }
        : { quote: values.quote ?? "" };
    const added = await addMarkingComment(db, {
      writer,
      submissionId,
      place,
      criterion: values.criterion || undefined,
      text: values.text,
      correction: values.correction,
    });
    if (!added.ok) return refused(added);
    // The selection panel stays on the page: its fetcher takes the answer and the page's data.
    if (values.js === "1")
      return answer({ flash: { type: "success", message: "Comment added." } }, 200);
    return redirectWithToast(`${here}#comments-heading`, {
      type: "success",
      message: "Comment added.",
    });
  }

  if (intent === "change-comment" || intent === "remove-comment") {
    // Only this answer's comments are changed from its page.
    if (!comments.some((comment) => comment.id === commentId))
      throw notYours(request, context, owner.id, "not-found");
    if (intent === "remove-comment") {
      const removed = await removeMarkingComment(db, { writer, commentId: commentId as string });
      if (!removed.ok) return refused(removed);
      return redirectWithToast(`${here}#comments-heading`, {
        type: "success",
        message: "Comment removed.",
      });
    }
    const changed = await changeMarkingComment(db, {
      writer,
      commentId: commentId as string,
      change: {
        criterion: values.criterion || undefined,
        text: values.text,
        correction: values.correction ?? "",
      },
    });
    if (!changed.ok) return refused(changed);
    return redirectWithToast(`${here}#comments-heading`, {
      type: "success",
      message: "Comment changed.",
    });
  }

  if (intent === "save-marks") {
    const marks = {
      bands: Object.fromEntries(
        WRITING_CRITERIA.map((criterion) => [criterion, chosen(values[`bands.${criterion}`])]),
      ),
      notes: Object.fromEntries(
        WRITING_CRITERIA.map((criterion) => [criterion, values[`notes.${criterion}`] ?? null]),
      ),
      summary: values.summary ?? "",
    };
    const saved = await saveMarks(db, { writer, submissionId, marks });
    if (!saved.ok) return refused(saved, "fieldErrors" in saved ? saved.fieldErrors : undefined);
    if (saved.corrected) wakeWebhookWorker();
    return redirectWithToast(`${here}#marks-heading`, {
      type: "success",
      message: saved.corrected
        ? "Correction saved: the student sees the marking as corrected."
        : "Marks saved.",
    });
  }

  if (intent === "return") {
    const returned = await returnMarking(db, { writer, submissionId, siteUrl: baseUrl });
    if (!returned.ok) return refused({ ...returned, field: "return" });
    wakeMailWorker();
    wakeWebhookWorker();
    return redirectWithToast(here, {
      type: "success",
      message: "Returned to the student: they are told by e-mail.",
    });
  }

  return answer({ flash: { type: "error", message: "Nothing to do." } }, 400);
}
