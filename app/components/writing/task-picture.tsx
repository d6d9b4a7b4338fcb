import { uploadedImageSrcSet } from "../../../core/images/uploaded-images.ts";
import { versioned } from "../../lib/versioned.ts";

/**
 * An Academic Task 1's picture (its chart, table, map or process) under the prompt, as the test
 * shows it, with its description in words as the alternative text: the picture is the task, so
 * the description carries all of it. An uploaded picture offers its widths; a seeded sample is a
 * vector drawing, sharp at any size. A link opens it alone, to zoom in on a phone.
 */
export function TaskPicture({ picture }: { picture: { url: string; alt: string } }) {
  const src = versioned(picture.url);
  const srcSet = uploadedImageSrcSet(picture.url);
  return (
    <figure className="mt-6">
      <img
        src={src}
        srcSet={srcSet}
        sizes={srcSet ? "(min-width: 896px) 832px, 100vw" : undefined}
        alt={picture.alt}
        className="h-auto w-full rounded-lg bg-white ring-1 ring-slate-200"
      />
      <figcaption className="mt-2 text-sm">
        <a href={src} className="link">
          Open the picture on its own
        </a>
      </figcaption>
    </figure>
  );
}
