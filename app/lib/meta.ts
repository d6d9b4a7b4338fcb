import type { MetaDescriptor } from "react-router";
import { absoluteUrl, SITE_NAME } from "../../core/site/site.ts";

export { SITE_NAME };

/** `{page} - IELTS Hub`, with the title and description every page carries. */
export function pageMeta(page: string, description: string) {
  return [
    { title: `${page} - ${SITE_NAME}` },
    { name: "description", content: description },
    { property: "og:title", content: `${page} - ${SITE_NAME}` },
    { property: "og:description", content: description },
    { property: "og:site_name", content: SITE_NAME },
  ];
}

/**
 * The picture a shared link shows when its page has none of its own: a PNG, since link previews
 * do not show SVG (drawn by scripts/generate-share-image.ts).
 */
export const SHARE_IMAGE = {
  url: "/images/share.png",
  alt: "IELTS Hub: IELTS preparation courses with honest reviews from students",
  width: 1200,
  height: 630,
};

const GENERATED_COVER = /^(\/images\/services\/[\w-]+)\.svg(\?.*)?$/;

/**
 * The picture a shared link can show for an image: a generated cover's PNG twin
 * (scripts/generate-covers.ts) for the cover itself, the site's share image for any other SVG,
 * and any other picture as it is.
 */
export function shareableImage(image: { url: string; alt: string }) {
  const cover = GENERATED_COVER.exec(image.url);
  if (cover) return { url: `${cover[1]}.png`, alt: image.alt };
  if (/\.svg(\?|$)/i.test(image.url)) return SHARE_IMAGE;
  return image;
}

export interface PublicPage {
  page: string;
  description: string;
  /** The page's one address on the site: its path, and the query only when it names another page. */
  path: string;
  /** The page's own picture (a course's image), root-relative or absolute. */
  image?: { url: string; alt: string };
  /** `article` for a blog article; `website` otherwise. */
  type?: "website" | "article";
}

/** What React Router hands a meta function about the matched routes (the root's loader data). */
type MatchesOf = readonly ({ id: string; loaderData: unknown } | undefined)[];

/**
 * The public origin (BASE_URL) that the root loader passes to every page, or null when the root
 * loader did not answer (an error page is showing).
 */
export function siteUrlOf(matches: MatchesOf): string | null {
  const root = matches.find((match) => match?.id === "root")?.loaderData;
  if (typeof root !== "object" || root === null || !("siteUrl" in root)) return null;
  return typeof root.siteUrl === "string" ? root.siteUrl : null;
}

/**
 * A page that search engines index and people share: pageMeta's tags, plus its canonical address
 * and the Open Graph and Twitter card tags, all on the public origin, so the page is known by one
 * address whatever scheme or host reached the server, and a shared link shows a large preview.
 */
export function publicPageMeta(matches: MatchesOf, page: PublicPage): MetaDescriptor[] {
  const base = pageMeta(page.page, page.description);
  const siteUrl = siteUrlOf(matches);
  if (siteUrl === null) return base;
  const url = `${siteUrl}${page.path}`;
  const image = page.image ? shareableImage(page.image) : SHARE_IMAGE;
  return [
    ...base,
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:url", content: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:image", content: absoluteUrl(image.url, siteUrl) },
    { property: "og:image:alt", content: image.alt },
    // A course's image may be any size; the site's own share image says its size, so a preview
    // can be laid out before the image has been fetched.
    ...(image !== SHARE_IMAGE
      ? []
      : [
          { property: "og:image:width", content: String(SHARE_IMAGE.width) },
          { property: "og:image:height", content: String(SHARE_IMAGE.height) },
        ]),
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
