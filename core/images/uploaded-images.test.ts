import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { prepareImage } from "./images.server.ts";
import {
  ownUploadPath,
  parseUploadedImagePath,
  uploadedImageSrcSet,
  uploadedWidths,
} from "./uploaded-images.ts";

const id = "0b6f0f4e-7d1a-4c55-9b7e-1f2a3b4c5d6e";

describe("uploaded image addresses", () => {
  it("derives the widths and srcset from the largest width, never enlarging", () => {
    expect(uploadedWidths(1200)).toEqual([400, 800, 1200]);
    expect(uploadedWidths(900)).toEqual([400, 800, 900]);
    expect(uploadedWidths(300)).toEqual([300]);
    expect(uploadedImageSrcSet(`/images/uploads/${id}-800.webp`)).toBe(
      `/images/uploads/${id}-400.webp 400w, /images/uploads/${id}-800.webp 800w`,
    );
  });

  it("gives no srcset for an address or the default cover, and parses only its own paths", () => {
    expect(uploadedImageSrcSet("https://example.com/a.webp")).toBeUndefined();
    expect(uploadedImageSrcSet("/images/services/course.svg")).toBeUndefined();
    expect(parseUploadedImagePath(`/images/uploads/${id}-400.webp`)).toEqual({
      imageId: id,
      width: 400,
    });
    expect(parseUploadedImagePath(`/images/uploads/${id}-400.png`)).toBeNull();
    expect(parseUploadedImagePath(`/images/uploads/../${id}-400.webp`)).toBeNull();
  });

  it("stores an upload's absolute address on the site's own origin as its path, nothing else", () => {
    const origin = "https://ielts.example";
    expect(ownUploadPath(`${origin}/images/uploads/${id}-1200.webp`, origin)).toBe(
      `/images/uploads/${id}-1200.webp`,
    );
    for (const url of [
      `https://other.example/images/uploads/${id}-1200.webp`,
      `${origin}.evil.example/images/uploads/${id}-1200.webp`,
      `${origin}/images/services/course.svg`,
      "https://example.com/a.jpg",
      undefined,
    ])
      expect(ownUploadPath(url, origin)).toBe(url);
  });
});

describe("prepareImage", () => {
  it("turns a picture upright by its EXIF orientation and keeps no metadata", async () => {
    // 600 wide and 300 high as stored, shown 300 wide and 600 high (orientation 6: rotate 90°).
    const rotated = await sharp({
      create: { width: 600, height: 300, channels: 3, background: "#888" },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const prepared = await prepareImage(new Uint8Array(rotated));
    if (!prepared.ok) throw new Error(prepared.message);
    expect(prepared.image.variants.map((variant) => variant.width)).toEqual([300]);
    const metadata = await sharp(prepared.image.variants[0]?.bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 300, height: 600 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it("refuses a decompression bomb and a GIF", async () => {
    const huge = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: "#fff" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.byteLength).toBeLessThan(5 * 1024 * 1024);
    expect(await prepareImage(new Uint8Array(huge))).toEqual({
      ok: false,
      message: "Please choose a JPEG, PNG or WebP image.",
    });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect((await prepareImage(new Uint8Array(gif))).ok).toBe(false);
  });
});
