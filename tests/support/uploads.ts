import sharp from "sharp";
import { ORIGIN } from "./accounts.ts";
import type { TestApp } from "./test-app.ts";

/** A tiny real picture of the given format, made here. */
export async function picture(format: "jpeg" | "png" | "webp", width = 1600, height = 1000) {
  const image = sharp({ create: { width, height, channels: 3, background: "#3366cc" } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

/**
 * A photo as a camera makes one: noise, so it does not compress to almost nothing (a real photo
 * is far larger than the JSON API's 32 KB body limit).
 */
export async function photo(format: "jpeg" | "png" | "webp", width = 1300, height = 800) {
  const image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#000000",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

type Files = Record<string, { bytes: Uint8Array; name: string; type: string }>;

/** A multipart body (files beside the text fields) with any method and headers. */
export function sendMultipart(
  app: TestApp,
  method: string,
  path: string,
  fields: Record<string, string>,
  files: Files,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files))
    form.append(
      name,
      new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }),
    );
  return app.request(`${ORIGIN}${path}`, { method, body: form, headers, redirect: "manual" });
}

/** A multipart form post as a browser sends one (files beside the text fields). */
export function postMultipart(
  app: TestApp,
  path: string,
  fields: Record<string, string>,
  files: Files,
  cookie?: string,
) {
  return sendMultipart(app, "POST", path, fields, files, {
    origin: ORIGIN,
    ...(cookie ? { cookie } : {}),
  });
}
