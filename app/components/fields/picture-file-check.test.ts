import { describe, expect, it } from "vitest";
import {
  IMAGE_SIZE_REFUSAL,
  IMAGE_TYPE_REFUSAL,
  MAX_IMAGE_UPLOAD_BYTES,
} from "../../../core/images/uploaded-images.ts";
import { PICTURE_ACCEPT, pictureFileRefusal } from "./picture-file-check.ts";

describe("a chosen picture file, checked in the browser", () => {
  it("takes a JPEG, PNG or WebP up to the server's limit", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp"]) {
      expect(pictureFileRefusal({ size: MAX_IMAGE_UPLOAD_BYTES, type })).toBeNull();
    }
    expect(PICTURE_ACCEPT).toBe("image/jpeg,image/png,image/webp");
  });

  it("refuses a larger file with the server's words, before its type", () => {
    const tooLarge = MAX_IMAGE_UPLOAD_BYTES + 1;
    expect(pictureFileRefusal({ size: tooLarge, type: "image/png" })).toBe(IMAGE_SIZE_REFUSAL);
    expect(pictureFileRefusal({ size: tooLarge, type: "application/pdf" })).toBe(
      IMAGE_SIZE_REFUSAL,
    );
  });

  it("refuses another type, or one the browser cannot name, with the server's words", () => {
    for (const type of ["image/gif", "image/svg+xml", "application/pdf", ""]) {
      expect(pictureFileRefusal({ size: 1000, type })).toBe(IMAGE_TYPE_REFUSAL);
    }
  });

  it("lets an empty file through: it is what a form sends when none is chosen", () => {
    expect(pictureFileRefusal({ size: 0, type: "" })).toBeNull();
  });
});
