/** The site's name, in page titles and mail, and a word no password may be built from. */
export const SITE_NAME = "IELTS Hub";

/**
 * An address anyone can follow: the site's own files are stored as root-relative paths
 * (`/images/...`), which mean nothing outside the site (another API client, a link preview), so
 * they are put on the public origin; a full http(s) address is left as it is.
 */
export function absoluteUrl(url: string, origin: string): string {
  return url.startsWith("/") && !url.startsWith("//") ? `${origin}${url}` : url;
}
