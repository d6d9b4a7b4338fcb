import { useEffect, useRef, useState } from "react";
import { DEFAULT_COVER, uploadedImageSrcSet } from "../../core/images/uploaded-images.ts";
import { versioned } from "../lib/versioned.ts";

/**
 * Whether an `<img>` showing `url` failed to load. React's `onError` misses a failure that
 * happened before hydration, so an effect also looks at the image as it found it (`complete`
 * with no natural width is a broken image).
 */
export function useBrokenImage(url: string | null | undefined) {
  const ref = useRef<HTMLImageElement>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  useEffect(() => {
    const image = ref.current;
    if (url && image?.complete && image.naturalWidth === 0) setFailedUrl(url);
  }, [url]);
  return {
    ref,
    failed: Boolean(url) && failedUrl === url,
    onError: () => setFailedUrl(url ?? null),
  };
}

/**
 * A course picture's `<img>` attributes: `srcset` and `sizes` for an uploaded image's WebP widths,
 * and the default cover instead once the picture fails to load. Without JavaScript the
 * `cover-fallback` background under the image shows through a failed one (decision 0028).
 */
export function useCourseImage(url: string, sizes: string) {
  const { ref, failed, onError } = useBrokenImage(url);
  const broken = failed && url !== DEFAULT_COVER;
  const srcSet = broken ? undefined : uploadedImageSrcSet(url);
  return {
    ref,
    // Our own covers carry their content version, so the browser may keep them for a year.
    src: versioned(broken ? DEFAULT_COVER : url),
    srcSet,
    sizes: srcSet ? sizes : undefined,
    onError,
  };
}
