import { uploadedImageSrcSet } from "../../core/images/uploaded-images.ts";
import { useBrokenImage } from "./course-image.ts";

/** The teacher's photo beside the About Me text; nothing when there is none or it fails to load. */
export function TeacherPhoto({ url }: { url: string | null }) {
  const { ref, failed, onError } = useBrokenImage(url);
  if (!url || failed) return null;
  const srcSet = uploadedImageSrcSet(url);
  return (
    <img
      ref={ref}
      onError={onError}
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? "192px" : undefined}
      alt="The teacher"
      width={192}
      height={192}
      loading="lazy"
      className="mt-4 size-48 rounded-full object-cover shadow-sm ring-1 ring-slate-200"
    />
  );
}
