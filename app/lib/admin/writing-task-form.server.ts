import { data } from "react-router";
import type { SignedInUser } from "../../../core/accounts/signed-in-user.ts";
import { readImageUpload } from "../../../core/images/images.server.ts";
import type { WriteLimited } from "../../../core/limits/rate-limit.server.ts";
import { pictureProblem, writingTaskInputSchema } from "../../../core/writing/task-input.ts";
import { renderTaskPrompt } from "../../../core/writing/task-prompt.server.ts";
import {
  createWritingTask,
  type OwnerWritingTask,
  updateWritingTask,
  type WritingTaskRefusal,
} from "../../../core/writing/tasks.server.ts";
import { type AppContext, appContext } from "../../context.server.ts";
import { formValues, parseForm } from "../forms.ts";
import { notYours, writeLimited, writerFor } from "../refusals.server.ts";
import { redirectWithToast } from "../toast.server.ts";
import { editTaskPath } from "../writing/task-paths.ts";

type ContextProvider = { get: (key: typeof appContext) => AppContext };

/*
 * The New and Edit task forms' handlers (/admin/writing/tasks/new and …/{id}/edit): the form read
 * and checked whole, its preview, and the save through the same use cases the JSON API calls.
 */

/** The form's file field and its kept picture's field. */
const PICTURE_FILE = "picture";

const PICTURE_NOT_KEPT =
  "A form sent back cannot keep a chosen picture: please choose it again before saving.";

/** A task form sent back: what was typed, and what to correct beside each field. */
export function taskFormRefusal(
  values: Record<string, string>,
  fieldErrors: Partial<Record<string, string>>,
  status = 400,
) {
  return data(
    { intent: "save" as const, values, fieldErrors, previewHtml: null, flash: null },
    { status },
  );
}

/**
 * The prompt's preview, exactly as students will read it (the same server renderer), with the
 * form as it was typed. The live preview sends only `prompt`; the Preview button the whole form.
 */
export function taskPreviewAnswer(form: FormData) {
  const picture = form.get(PICTURE_FILE);
  const pictureChosen = picture instanceof File && picture.size > 0;
  return data({
    intent: "preview" as const,
    values: formValues(form),
    fieldErrors: pictureChosen ? { [PICTURE_FILE]: PICTURE_NOT_KEPT } : {},
    previewHtml: renderTaskPrompt(String(form.get("prompt") ?? "")),
    flash: null,
  });
}

/**
 * A sent New or Edit task form: its fields and its picture, all checked before anything is
 * written, so one answer says everything to correct. "Remove the picture" empties the kept
 * picture's address unless a new file was chosen.
 */
async function readTaskForm(form: FormData) {
  if (form.get("removePicture") === "on") form.set("pictureUrl", "");
  const parsed = parseForm(writingTaskInputSchema, form);
  const upload = await readImageUpload(form, PICTURE_FILE);
  const fieldErrors: Partial<Record<string, string>> = parsed.ok ? {} : { ...parsed.fieldErrors };
  if (!upload.ok) fieldErrors[PICTURE_FILE] = upload.message;
  if (parsed.ok && upload.ok) {
    const problem = pictureProblem(parsed.data, upload.image !== undefined);
    if (!problem) return { ok: true as const, input: parsed.data, upload: upload.image };
    fieldErrors[problem.field] = problem.message;
  }
  // A picture that was fine is not kept by a form sent back: say so beside its field.
  if (upload.ok && upload.image && !fieldErrors[PICTURE_FILE])
    fieldErrors[PICTURE_FILE] = PICTURE_NOT_KEPT;
  return { ok: false as const, refusal: taskFormRefusal(formValues(form), fieldErrors) };
}

/** A saved task as its Edit form shows it: every field as text. */
export function storedTaskValues(task: OwnerWritingTask): Record<string, string> {
  return {
    kind: task.kind,
    title: task.title,
    prompt: task.prompt,
    pictureUrl: task.pictureUrl ?? "",
    pictureAlt: task.pictureAlt ?? "",
    minutes: String(task.minutes),
    minimumWords: String(task.minimumWords),
    status: task.status,
  };
}

/**
 * Saves a sent New or Edit task form through `createWritingTask` or `updateWritingTask`; a form
 * with anything to correct writes nothing. `task` is the task being edited, or null for a new one.
 */
export async function saveTaskForm({
  request,
  context,
  owner,
  form,
  task,
}: {
  request: Request;
  context: ContextProvider;
  owner: SignedInUser;
  form: FormData;
  task: OwnerWritingTask | null;
}) {
  const { db } = context.get(appContext);
  const sent = await readTaskForm(form);
  if (!sent.ok) return sent.refusal;
  const { input, upload } = sent;
  const writer = writerFor(context, owner);
  const refused = (refusal: WritingTaskRefusal | WriteLimited) => {
    if (refusal.reason === "rate-limited") {
      // Logged and answered 429 as every limited write is, with the form kept as typed.
      const limited = writeLimited(request, context, owner.id, refusal);
      return data(
        { ...limited.data, intent: "save" as const, values: formValues(form), previewHtml: null },
        limited.init ?? undefined,
      );
    }
    if (refusal.reason === "invalid") {
      return taskFormRefusal(formValues(form), {
        [refusal.field]: refusal.message,
        ...(upload && refusal.field !== PICTURE_FILE ? { [PICTURE_FILE]: PICTURE_NOT_KEPT } : {}),
      });
    }
    throw notYours(request, context, owner.id, "not-found");
  };
  let taskId: string;
  if (task) {
    const updated = await updateWritingTask(db, { writer, taskId: task.id, input, upload });
    if (!updated.ok) return refused(updated);
    taskId = task.id;
  } else {
    const created = await createWritingTask(db, { writer, input, upload });
    if (!created.ok) return refused(created);
    taskId = created.id;
  }
  const published = input.status === "published";
  return redirectWithToast(editTaskPath(taskId), {
    type: "success",
    message: published
      ? "Saved: students see it on the Writing page."
      : task
        ? "Saved as a draft: only you see it."
        : "Draft saved: only you see it until you publish it.",
  });
}
