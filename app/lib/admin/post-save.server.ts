import { data } from "react-router";
import type { SignedInUser } from "../../../core/accounts/signed-in-user.ts";
import {
  createPost,
  type OwnerPost,
  type PostRefusal,
  publishPost,
  schedulePost,
  unpublishPost,
  updatePost,
} from "../../../core/blog/posts.server.ts";
import type { WriteLimited } from "../../../core/limits/rate-limit.server.ts";
import { formatInTimeZone } from "../../../core/site/time-zones.ts";
import { type AppContext, appContext } from "../../context.server.ts";
import { formValues } from "../forms.ts";
import { notYours, writeLimited, writerFor } from "../refusals.server.ts";
import { redirectWithToast } from "../toast.server.ts";
import { type ChosenStatus, postFormRefusal, readPostForm } from "./post-form.server.ts";
import { editPostPath } from "./post-paths.ts";

type ContextProvider = { get: (key: typeof appContext) => AppContext };

/**
 * Saves a sent New or Edit post form: its content first (kept as a revision), then the status
 * chosen, each through its use case. A form with anything to correct writes nothing. `post` is
 * the post being edited, or null for a new one; `timeZone` the teacher's.
 */
export async function savePostForm({
  request,
  context,
  owner,
  form,
  post,
  timeZone,
}: {
  request: Request;
  context: ContextProvider;
  owner: SignedInUser;
  form: FormData;
  post: OwnerPost | null;
  timeZone: string;
}) {
  const { db } = context.get(appContext);
  const sent = await readPostForm(form, { timeZone });
  if (!sent.ok) return sent.refusal;
  const { input, upload, chosen } = sent;
  const writer = writerFor(context, owner);
  const refused = (refusal: PostRefusal | WriteLimited) => {
    if (refusal.reason === "rate-limited") {
      // Logged and answered 429 as every limited write is, with the form kept as typed.
      const limited = writeLimited(request, context, owner.id, refusal);
      return data(
        { ...limited.data, intent: "save" as const, values: formValues(form), previewHtml: null },
        limited.init ?? undefined,
      );
    }
    if ("field" in refusal) {
      return postFormRefusal(formValues(form), {
        [refusal.field]: refusal.message,
        ...(upload ? { featureImage: "Please choose the picture again before saving." } : {}),
      });
    }
    throw notYours(request, context, owner.id, "not-found");
  };
  let postId: string;
  if (post) {
    const updated = await updatePost(db, { writer, postId: post.id, input, upload });
    if (!updated.ok) return refused(updated);
    postId = post.id;
  } else {
    const created = await createPost(db, { writer, input, upload });
    if (!created.ok) return refused(created);
    postId = created.id;
  }
  const outcome = await applyStatus(context, {
    owner,
    postId,
    from: post?.status ?? "draft",
    fromPublishAt: post?.publishAt ?? null,
    chosen,
  });
  const here = editPostPath(postId);
  if (!outcome.ok) {
    if (outcome.reason === "not-found") throw notYours(request, context, owner.id, "not-found");
    const why = "message" in outcome ? outcome.message : "Please try again.";
    return redirectWithToast(here, {
      type: "error",
      message: `The post is saved, but its status is not changed. ${why}`,
    });
  }
  return redirectWithToast(here, {
    type: "success",
    message: savedMessage(chosen, outcome.emailed, timeZone, post === null),
  });
}

/**
 * Moves the post to the status chosen, when that is a change: a draft or scheduled post is
 * published now (and handed to the newsletter when so marked, once ever), scheduled (a published
 * post comes off the blog until then), or taken back to a draft.
 */
async function applyStatus(
  context: ContextProvider,
  {
    owner,
    postId,
    from,
    fromPublishAt,
    chosen,
  }: {
    owner: SignedInUser;
    postId: string;
    from: OwnerPost["status"];
    fromPublishAt: Date | null;
    chosen: ChosenStatus;
  },
): Promise<{ ok: true; emailed: boolean } | PostRefusal | WriteLimited> {
  const { db, wakeMailWorker } = context.get(appContext);
  const writer = writerFor(context, owner);
  if (chosen.status === "published") {
    if (from === "published") return { ok: true, emailed: false };
    const published = await publishPost(db, { writer, postId });
    if (published.ok && published.emailed) wakeMailWorker();
    return published;
  }
  if (chosen.status === "draft") {
    if (from === "draft") return { ok: true, emailed: false };
    const unpublished = await unpublishPost(db, { writer, postId });
    return unpublished.ok ? { ok: true, emailed: false } : unpublished;
  }
  if (from === "scheduled" && fromPublishAt?.getTime() === chosen.publishAt.getTime()) {
    return { ok: true, emailed: false };
  }
  if (from === "published") {
    const unpublished = await unpublishPost(db, { writer, postId });
    if (!unpublished.ok) return unpublished;
  }
  const scheduled = await schedulePost(db, { writer, postId, publishAt: chosen.publishAt });
  return scheduled.ok ? { ok: true, emailed: false } : scheduled;
}

function savedMessage(
  chosen: ChosenStatus,
  emailed: boolean,
  timeZone: string,
  created: boolean,
): string {
  if (chosen.status === "scheduled") {
    return `Saved and scheduled: it goes out on ${formatInTimeZone(chosen.publishAt, timeZone)} (${timeZone}).`;
  }
  if (chosen.status === "published") {
    return emailed
      ? "Saved and published; it is on its way to the newsletter's subscribers."
      : "Saved: the blog shows it.";
  }
  return created ? "Draft saved." : "Saved as a draft.";
}
