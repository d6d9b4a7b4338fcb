import { uploadedImageSrcSet } from "../../../core/images/uploaded-images.ts";

/**
 * A post's feature picture at the width of its column: an upload's WebP widths by `srcset`. The
 * picture's own size is not stored, so a box of the share image's proportions holds its place
 * (no shift as it loads) and the picture fills it.
 */
export function FeatureImage({
  image,
  sizes,
  priority = false,
}: {
  image: { url: string; alt: string };
  sizes: string;
  /** The first picture on the page: fetched at once, not when scrolled near. */
  priority?: boolean;
}) {
  const srcSet = uploadedImageSrcSet(image.url);
  return (
    <img
      src={image.url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={image.alt}
      width={1200}
      height={630}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className="aspect-[1200/630] h-auto w-full rounded-xl bg-slate-100 object-cover"
    />
  );
}
