import { uploadedImageSrcSet } from "../../core/images/uploaded-images.ts";
import { useBrokenImage } from "./course-image.ts";
import { UserIcon } from "./icons.tsx";

/** A round profile picture, or the default icon when there is none. */
export function Avatar({
  photoUrl,
  name,
  size = "md",
}: {
  photoUrl?: string | null;
  name?: string;
  size?: "sm" | "md";
}) {
  const dimension = size === "sm" ? "size-10" : "size-11";
  // A photo that fails to load (before or after hydration) gives way to the default icon.
  const { ref, failed, onError } = useBrokenImage(photoUrl);
  if (photoUrl && !failed) {
    return (
      <img
        ref={ref}
        onError={onError}
        src={photoUrl}
        // A photo uploaded here has smaller widths: the browser takes the 400-pixel one.
        srcSet={uploadedImageSrcSet(photoUrl)}
        sizes="44px"
        alt={name ? `Photo of ${name}` : "Profile photo"}
        className={`${dimension} shrink-0 rounded-full object-cover ring-2 ring-white`}
        referrerPolicy="no-referrer"
        loading="lazy"
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={name ? `${name} has no photo` : "Default profile icon"}
      className={`${dimension} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700 ring-2 ring-white`}
    >
      <UserIcon />
    </span>
  );
}
