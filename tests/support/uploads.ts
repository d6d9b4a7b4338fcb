import sharp from "sharp";
import { ORIGIN } from "./accounts.ts";
import type { TestApp } from "./test-app.ts";

/** A tiny real picture of the given format, made here. */
export async function picture(format: "jpeg" | "png" | "webp", width = 1600, height = 1000) {
  const image = sharp({ create: { width, height, channels: 3, background: "#3366cc" } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

/** A multipart form post as a browser sends one (files beside the text fields). */
export function postMultipart(
  app: TestApp,
  path: string,
  fields: Record<string, string>,
  files: Record<string, { bytes: Uint8Array; name: string; type: string }>,
  cookie?: string,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files))
    form.append(
      name,
      new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }),
    );
  return app.request(`${ORIGIN}${path}`, {
    method: "POST",
    body: form,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
}
