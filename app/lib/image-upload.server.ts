import { type PreparedImage, prepareImage } from "../../core/images.server.ts";

export type UploadResult =
  | { ok: true; image: PreparedImage | undefined }
  | { ok: false; message: string };

/**
 * The picture a form sent in `name`, checked and resized (core/images.server.ts); no file (or an
 * empty one, which is what a browser sends when none was chosen) is `image: undefined`.
 */
export async function readImageUpload(form: FormData, name: string): Promise<UploadResult> {
  const file = form.get(name);
  if (!(file instanceof File) || file.size === 0) return { ok: true, image: undefined };
  const prepared = await prepareImage(new Uint8Array(await file.arrayBuffer()));
  return prepared.ok ? { ok: true, image: prepared.image } : prepared;
}
