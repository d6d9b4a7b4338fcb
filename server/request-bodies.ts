import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { IMAGE_SIZE_REFUSAL } from "../core/images/uploaded-images.ts";
import { containsNul, NUL_REFUSAL } from "./nul-characters.ts";
import { refuse } from "./refusal.ts";

/** No API call needs more: a review is at most 2,000 characters, a description 5,000. */
export const MAX_API_BODY_BYTES = 32 * 1024;
/**
 * Forms carry the same texts, but percent-encoded: a character outside ASCII takes up to 12
 * bytes (three UTF-8 bytes, each as %XX), so a full form needs more room than its JSON.
 */
export const MAX_FORM_BODY_BYTES = 64 * 1024;
/**
 * A Writing answer of MAX_WRITING_ANSWER_LENGTH (15,000) characters must reach its check, whatever
 * its characters, so that a student over it reads why, and one under it is never refused for its
 * bytes: the answer's calls (`POST /api/writing/submissions`, `PUT /api/writing/drafts/{taskId}`)
 * take 15,000 characters of JSON at 6 bytes each (a `\uXXXX` escape), and the answer screens
 * (`/writing/tasks/{id}/write`, `/writing/test`, their `.data` addresses) two answers of them as a
 * form, at 9 bytes each (three UTF-8 bytes as %XX). Decision 0059.
 */
export const MAX_WRITING_API_BODY_BYTES = 96 * 1024;
export const MAX_WRITING_FORM_BODY_BYTES = 320 * 1024;
/**
 * The teacher's marking calls take the same room: a 10,000-character summary with four notes,
 * or a comment with its correction and a 2,000-character passage, may pass 32 KB as escapes.
 */
const WRITING_API_CALLS =
  /^\/api\/writing\/(submissions|drafts\/[^/]+|submissions\/[^/]+\/(comments|marks)|comments\/[^/]+)\/?$/;
/** The teacher's marking page too: its marks form is that summary and notes, at 9 bytes each. */
const WRITING_PAGES =
  /^\/(writing\/(tasks\/[^/]+\/write|test)|admin\/writing\/submissions\/[^/]+)(\/|\.data)?$/;

/**
 * The pages that take a picture (Add and Edit a course, /admin/site's About section, /account's
 * photo, a blog post's feature picture on New and Edit post, a Writing task's picture on New and
 * Edit task), and the API calls that do
 * (`isApiUpload`), take a 5 MB file beside the form; the
 * room above it lets a slightly larger file reach the page or call, which then says why it was
 * refused (decision 0028).
 */
export const MAX_UPLOAD_FORM_BODY_BYTES = 8 * 1024 * 1024;
/**
 * Each page by its document address and by its `.data` address: with JavaScript, React Router
 * sends the same form to `<path>.data`, so both must take the picture.
 */
const UPLOAD_PAGES =
  /^\/(add-service|services\/[^/]+\/edit|admin\/site|admin\/posts\/new|admin\/posts\/[^/]+\/edit|admin\/writing\/tasks\/new|admin\/writing\/tasks\/[^/]+\/edit|account)(\/|\.data)?$/;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_CONTENT_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * Refuses a body over the limit with 413 before reading it (by its Content-Length, or as soon
 * as a chunked body passes the limit). The rest of that body is never read, so the answer says
 * `Connection: close`: the client then opens a fresh connection instead of finding this one
 * closed under its next request.
 */
function limitBody(
  maxSize: number,
  message = `The request body is larger than ${maxSize / 1024} KB. Please send less.`,
): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: (c) => {
      c.header("Connection", "close");
      return refuse(c, 413, { title: "Too much data", message });
    },
  });
  // Reads have no body, and looking for one would cost every GET a full Request object.
  return (c, next) => (SAFE_METHODS.has(c.req.method) ? next() : limit(c, next));
}

/** Whether the request's body is `multipart/form-data` (by its Content-Type). */
export function isMultipart(c: { req: { header: (name: string) => string | undefined } }) {
  return /^\s*multipart\/form-data\b/i.test(c.req.header("content-type") ?? "");
}

const limitSmallApiBodies = limitBody(MAX_API_BODY_BYTES);
const limitSmallForms = limitBody(MAX_FORM_BODY_BYTES);
const limitUploadForms = limitBody(MAX_UPLOAD_FORM_BODY_BYTES);
const limitWritingApiBodies = limitBody(MAX_WRITING_API_BODY_BYTES);
const limitWritingForms = limitBody(MAX_WRITING_FORM_BODY_BYTES);
/**
 * A page's form far over the picture limit cannot be read to show the form again, so the page
 * that says so speaks of the picture, which is what the person chose (a browser without
 * JavaScript; with it, the form refuses such a file before sending it).
 */
const limitUploadPages = limitBody(
  MAX_UPLOAD_FORM_BODY_BYTES,
  `${IMAGE_SIZE_REFUSAL} Go back, choose a smaller picture and send the form again.`,
);

/**
 * The API calls that take a picture: `POST /api/services` and `PATCH /api/services/{id}`, as a
 * multipart body with the file in `image` (decision 0028), and `POST /api/writing/tasks` and
 * `PATCH /api/writing/tasks/{id}` with it in `picture` (decision 0057). They get the upload pages' room, for
 * the same reason: a file a little over 5 MB reaches the call, which says why it was refused.
 */
function isApiUpload(c: Context): boolean {
  const { method, path } = c.req;
  if (method === "POST")
    return /^\/api\/(services|writing\/tasks)\/?$/.test(path) && isMultipart(c);
  if (method === "PATCH")
    return /^\/api\/(services|writing\/tasks)\/[^/]+\/?$/.test(path) && isMultipart(c);
  return false;
}

/**
 * 32 KB for every API body, but 8 MB for a multipart body to the calls that take a picture and
 * 96 KB for a Writing answer's.
 */
export const limitApiBodies: MiddlewareHandler = (c, next) => {
  if (isApiUpload(c)) return limitUploadForms(c, next);
  if (WRITING_API_CALLS.test(c.req.path)) return limitWritingApiBodies(c, next);
  return limitSmallApiBodies(c, next);
};

/**
 * The larger limit only for a multipart form to a page that takes a picture, and for the Writing
 * answer screens' forms.
 */
export const limitFormBodies: MiddlewareHandler = (c, next) => {
  if (UPLOAD_PAGES.test(c.req.path) && isMultipart(c)) return limitUploadPages(c, next);
  if (WRITING_PAGES.test(c.req.path)) return limitWritingForms(c, next);
  return limitSmallForms(c, next);
};

/**
 * Every page that takes a write takes a form (every action reads `request.formData()`), so a
 * page accepts only a form body, and only one that parses: anything else gets a clear 4xx here
 * rather than failing inside an action; so does a text field holding a NUL character.
 */
export const acceptOnlyForms: MiddlewareHandler = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  if (!FORM_CONTENT_TYPE.test(c.req.header("content-type") ?? "")) {
    return refuse(c, 415, {
      title: "Not a form",
      message: "This page takes a form (application/x-www-form-urlencoded or multipart/form-data).",
    });
  }
  let form: FormData;
  try {
    form = await c.req.raw.clone().formData();
  } catch {
    return refuse(c, 400, {
      title: "Broken form",
      message: "The form could not be read. Please reload the page and send it again.",
    });
  }
  for (const [name, value] of form) {
    if (containsNul(name) || containsNul(value)) return refuse(c, 400, NUL_REFUSAL);
  }
  await next();
};
