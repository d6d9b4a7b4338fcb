import { data } from "react-router";
import { renderPostBody } from "../../../core/blog/post-body.server.ts";
import {
  type OwnerPost,
  type PostInput,
  postInputSchema,
} from "../../../core/blog/posts.server.ts";
import { type PreparedImage, readImageUpload } from "../../../core/images/images.server.ts";
import { instantToLocalDateTime, parsePublishAt } from "../../../core/site/time-zones.ts";
import { formValues, parseForm } from "../forms.ts";

/** What the owner chose under "Status": kept as it is, or when a scheduled post goes out. */
export type ChosenStatus =
  | { status: "draft" }
  | { status: "published" }
  | { status: "scheduled"; publishAt: Date };

/** A post form sent back: what was typed, and what to correct beside each field. */
export function postFormRefusal(
  values: Record<string, string>,
  fieldErrors: Partial<Record<string, string>>,
  status = 400,
) {
  return data(
    { intent: "save" as const, values, fieldErrors, previewHtml: null, flash: null },
    { status },
  );
}

const PICTURE_NOT_KEPT =
  "A form sent back cannot keep a chosen picture: please choose it again before saving.";

/**
 * The post's preview, exactly as the blog renders it (the same server renderer), with the form
 * as it was typed. The live preview sends only `body`; the Preview button the whole form.
 */
export async function previewAnswer(form: FormData) {
  const picture = form.get("featureImage");
  const pictureChosen = picture instanceof File && picture.size > 0;
  return data({
    intent: "preview" as const,
    values: formValues(form),
    fieldErrors: pictureChosen ? { featureImage: PICTURE_NOT_KEPT } : {},
    previewHtml: renderPostBody(String(form.get("body") ?? "")),
    flash: null,
  });
}

function readStatus(
  form: FormData,
  timeZone: string,
  now: Date,
): { ok: true; chosen: ChosenStatus } | { ok: false; field: string; message: string } {
  const status = form.get("status") ?? "draft";
  if (status === "draft" || status === "published") return { ok: true, chosen: { status } };
  if (status !== "scheduled") {
    return { ok: false, field: "status", message: "Please choose draft, scheduled or published." };
  }
  const typed = String(form.get("publishAt") ?? "").trim();
  if (typed === "") {
    return { ok: false, field: "publishAt", message: "Please choose when it goes out." };
  }
  const publishAt = parsePublishAt(typed, timeZone);
  if (!publishAt) {
    return {
      ok: false,
      field: "publishAt",
      message: "Please enter a date and time, such as 2026-12-01 09:30.",
    };
  }
  if (publishAt.getTime() <= now.getTime()) {
    return { ok: false, field: "publishAt", message: "Please choose a time in the future." };
  }
  return { ok: true, chosen: { status: "scheduled", publishAt } };
}

/**
 * A sent New or Edit post form: its words, its picture and its status, all checked before
 * anything is written, so one answer says everything to correct. "Remove the picture" empties
 * the kept picture's address unless a new one was chosen.
 */
export async function readPostForm(
  form: FormData,
  { timeZone, now = new Date() }: { timeZone: string; now?: Date },
): Promise<
  | { ok: true; input: PostInput; upload: PreparedImage | undefined; chosen: ChosenStatus }
  | { ok: false; refusal: ReturnType<typeof postFormRefusal> }
> {
  if (form.get("removeFeatureImage") === "on") form.set("featureImageUrl", "");
  const parsed = parseForm(postInputSchema, form);
  const upload = await readImageUpload(form, "featureImage");
  const status = readStatus(form, timeZone, now);
  if (parsed.ok && upload.ok && status.ok) {
    return { ok: true, input: parsed.data, upload: upload.image, chosen: status.chosen };
  }
  const fieldErrors: Partial<Record<string, string>> = parsed.ok ? {} : { ...parsed.fieldErrors };
  if (!upload.ok) fieldErrors.featureImage = upload.message;
  else if (upload.image) fieldErrors.featureImage = PICTURE_NOT_KEPT;
  if (!status.ok) fieldErrors[status.field] = status.message;
  return { ok: false, refusal: postFormRefusal(formValues(form), fieldErrors) };
}

/** A saved post as its Edit form shows it: every field as text, times in the teacher's zone. */
export function storedPostValues(post: OwnerPost, timeZone: string): Record<string, string> {
  return {
    title: post.title,
    slug: post.slug,
    body: post.body,
    excerpt: post.excerpt ?? "",
    featureImageUrl: post.featureImageUrl ?? "",
    featureImageAlt: post.featureImageAlt ?? "",
    tags: post.tags.join(", "),
    metaTitle: post.metaTitle ?? "",
    metaDescription: post.metaDescription ?? "",
    status: post.status,
    publishAt: post.publishAt ? instantToLocalDateTime(post.publishAt, timeZone) : "",
    sendByEmail: post.sendByEmail ? "on" : "",
  };
}
