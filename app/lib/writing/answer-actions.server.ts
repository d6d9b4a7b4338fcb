import { data, redirect } from "react-router";
import { z } from "zod";
import type { SignedInUser } from "../../../core/accounts/signed-in-user.ts";
import {
  answerText,
  isSeconds,
  MAX_WRITING_SECONDS_TAKEN,
  submittedAnswerProblem,
} from "../../../core/writing/answer-input.ts";
import { discardWritingDraft, saveWritingDraft } from "../../../core/writing/drafts.server.ts";
import { submitWritingAnswer } from "../../../core/writing/submissions.server.ts";
import { countWords } from "../../../core/writing/word-count.ts";
import { type AppContext, appContext } from "../../context.server.ts";
import { formValues } from "../forms.ts";
import { notYours, writeLimited, writerFor } from "../refusals.server.ts";
import { redirectWithToast } from "../toast.server.ts";
import {
  ANSWER_INTENTS,
  type AnswerActionData,
  type AnswerPart,
  secondsField,
  textField,
} from "./answer-fields.ts";
import { submissionPath } from "./task-paths.ts";

type ContextProvider = { get: (key: typeof appContext) => AppContext };

/**
 * The actions of the Writing screens (a task's `/write` and the full test, decision 0060): save
 * the draft (the Save button without JavaScript), start again, and submit, which without
 * JavaScript is two steps: the first counts the words as the server counts them and asks to
 * confirm, the second submits. With JavaScript the screen asks in a dialog and sends the second
 * step at once; when the time runs out it sends it by itself, with `timeRanOut`.
 */

const intentSchema = z.object({ intent: z.enum(ANSWER_INTENTS) });

const answer = (
  values: Record<string, string>,
  extra: Partial<Omit<AnswerActionData, "values">> = {},
  status = 200,
) =>
  data<AnswerActionData>(
    { values, fieldErrors: {}, flash: null, confirm: null, savedAt: null, ...extra },
    { status },
  );

/** A whole number of seconds as a form sends it, within the answers' limit; null for anything else. */
function seconds(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,8}$/.test(raw)) return null;
  const value = Number(raw);
  return isSeconds(value, MAX_WRITING_SECONDS_TAKEN) ? value : null;
}

/**
 * How long the answer took: the screen's own count with JavaScript; without it, the time since
 * the page was served (`startedAt`, the server's clock in milliseconds), when that is plausible.
 */
export function secondsTakenFrom(
  values: Record<string, string>,
  part: Pick<AnswerPart, "key">,
  now = Date.now(),
): number | null {
  const counted = seconds(values[secondsField(part)]);
  if (counted !== null) return counted;
  const startedAt = values.startedAt;
  if (startedAt === undefined || !/^\d{1,15}$/.test(startedAt)) return null;
  const elapsed = Math.round((now - Number(startedAt)) / 1000);
  return isSeconds(elapsed, MAX_WRITING_SECONDS_TAKEN) ? elapsed : null;
}

/** The same address without `continue`: after "Start again" the screen starts empty. */
function withoutContinue(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("continue");
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

export async function answerAction({
  request,
  context,
  user,
  parts,
  revisions = false,
}: {
  request: Request;
  context: ContextProvider;
  user: SignedInUser;
  parts: AnswerPart[];
  /** A task's screen takes a revised draft's `revisionOf` (a hidden field); the full test does not. */
  revisions?: boolean;
}) {
  const form = await request.formData();
  const values = formValues(form);
  const parsed = intentSchema.safeParse(values);
  if (!parsed.success) {
    return answer(values, { flash: { type: "error", message: "Choose Save or Submit." } }, 400);
  }
  const { intent } = parsed.data;
  const { db, wakeWebhookWorker } = context.get(appContext);
  const textOf = (part: AnswerPart) => values[textField(part)] ?? "";

  if (intent === "discard-draft") {
    for (const part of parts)
      await discardWritingDraft(db, { userId: user.id, taskId: part.task.id });
    // The screen's script starts again in place; a plain form goes back to an empty screen.
    if (values.js === "1") return answer({});
    return redirect(withoutContinue(request));
  }

  if (intent === "save-draft") {
    let savedAt = new Date().toISOString();
    for (const part of parts) {
      const saved: unknown = await saveWritingDraft(db, {
        userId: user.id,
        taskId: part.task.id,
        text: textOf(part),
      });
      const refusal = saved as { ok?: boolean; reason?: string; message?: string } | null;
      if (refusal?.ok === false) {
        if (refusal.reason === "not-found") throw notYours(request, context, user.id, "not-found");
        return answer(
          values,
          { fieldErrors: { [textField(part)]: refusal.message ?? "This draft cannot be saved." } },
          400,
        );
      }
      const updatedAt = (saved as { draft?: { updatedAt?: unknown }; updatedAt?: unknown } | null)
        ?.draft?.updatedAt;
      if (typeof updatedAt === "string") savedAt = updatedAt;
    }
    return answer(values, { savedAt });
  }

  const written = parts.filter((part) => countWords(textOf(part)) > 0);
  if (written.length === 0) {
    const message =
      parts.length === 1
        ? "Your answer has no words yet: write it before you submit it."
        : "Both answers are empty: write at least one before you submit.";
    return answer(
      values,
      { fieldErrors: Object.fromEntries(parts.map((part) => [textField(part), message])) },
      400,
    );
  }

  if (intent === "submit") {
    return answer(values, {
      confirm: parts.map((part) => ({
        key: part.key,
        title: part.task.title,
        kindName: part.task.kindName,
        words: countWords(textOf(part)),
        minimumWords: part.task.minimumWords,
      })),
    });
  }

  // Every answer is checked before any is submitted, so that a full test is never half sent.
  const problems = Object.fromEntries(
    written.flatMap((part) => {
      const problem = submittedAnswerProblem(answerText(textOf(part)));
      return problem ? [[textField(part), problem]] : [];
    }),
  );
  if (Object.keys(problems).length > 0) return answer(values, { fieldErrors: problems }, 400);

  // submit-confirmed: each answer with words, in order; an empty one in a full test is left out.
  const timed = values.timed === "1";
  const timeRanOut = timed && values.timeRanOut === "1";
  const writer = writerFor(context, user);
  const submitted: string[] = [];
  // A full test's two answers share a sitting: its Writing band weighs them together (decision 0062).
  const sittingId = written.length > 1 ? crypto.randomUUID() : null;
  // "Write a revised draft": the earlier answer, which submitWritingAnswer checks is the
  // writer's own and of the same task.
  const revisionOf = (revisions && values.revisionOf) || null;
  for (const part of written) {
    const result = await submitWritingAnswer(db, {
      writer,
      taskId: part.task.id,
      text: textOf(part),
      secondsTaken: secondsTakenFrom(values, part),
      timed,
      timeRanOut,
      sittingId,
      revisionOf,
    });
    if (!result.ok) {
      if (result.reason === "not-found") throw notYours(request, context, user.id, "not-found");
      if (submitted.length > 0) {
        // The first answer of a full test is in; the second is kept as its draft.
        const [first] = submitted;
        return redirectWithToast(submissionPath(first as string), {
          type: "error",
          message: `${part.task.kindName} was not submitted: ${result.message} Its draft is kept.`,
        });
      }
      if (result.reason === "rate-limited") {
        const limited = writeLimited(request, context, user.id, result);
        return data<AnswerActionData>(
          { values, fieldErrors: {}, flash: limited.data.flash, confirm: null, savedAt: null },
          limited.init ?? undefined,
        );
      }
      // The revised answer is not theirs (or another task's): the words stay, the message says why.
      if (result.field === "revisionOf")
        return answer(values, { flash: { type: "error", message: result.message } }, 400);
      return answer(values, { fieldErrors: { [textField(part)]: result.message } }, 400);
    }
    // The answer's draft went with it, in the same transaction (core/writing/submissions.server.ts).
    submitted.push(result.submission.id);
  }
  wakeWebhookWorker();
  const [first, second] = submitted;
  const message = timeRanOut
    ? `Time is up: your ${submitted.length > 1 ? "answers were" : "answer was"} submitted as ${submitted.length > 1 ? "they" : "it"} stood.`
    : submitted.length > 1
      ? "Both answers are submitted. Here are their measures."
      : "Your answer is submitted. Here are its measures.";
  return redirectWithToast(submissionPath(first as string, second), { type: "success", message });
}
