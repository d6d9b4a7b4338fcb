/**
 * Writes the seeded Academic Task 1 pictures (public/images/writing/*.svg) from the figures in
 * db/seed/writing-tasks.ts, as scripts/generate-covers.ts writes the course covers: vector
 * drawings of a few kilobytes, sharp at any size, needing no network and no font on the server
 * (the browser draws the text). Run after changing the figures:
 *   node scripts/generate-writing-pictures.ts
 * scripts/writing-pictures.test.ts fails while a committed picture and its figures disagree.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { seedWritingTasks } from "../db/seed/writing-tasks.ts";
import { drawWritingPicture } from "./writing-pictures.ts";

export const WRITING_PICTURES_DIRECTORY = join(
  import.meta.dirname,
  "..",
  "public",
  "images",
  "writing",
);

/** Each seeded picture's file name and drawing. */
export function seededWritingPictures(): { file: string; svg: string }[] {
  return seedWritingTasks.flatMap((task) =>
    task.picture
      ? [{ file: `${task.picture.slug}.svg`, svg: drawWritingPicture(task.picture.data) }]
      : [],
  );
}

if (import.meta.main) {
  mkdirSync(WRITING_PICTURES_DIRECTORY, { recursive: true });
  const pictures = seededWritingPictures();
  for (const { file, svg } of pictures) writeFileSync(join(WRITING_PICTURES_DIRECTORY, file), svg);
  console.log(`Wrote ${pictures.length} Writing task pictures to ${WRITING_PICTURES_DIRECTORY}`);
}
