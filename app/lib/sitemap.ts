/** One page for search engines: its absolute address and when its content last changed. */
export interface SitemapEntry {
  loc: string;
  /** W3C Datetime: `YYYY-MM-DD` or `YYYY-MM-DDThh:mm:ssZ`. */
  lastmod: string;
}

/** The sitemaps.org protocol's limit for one file; past it a sitemap index would be needed. */
export const SITEMAP_URL_LIMIT = 50_000;

/** A moment as W3C Datetime, to the second, in UTC. */
export function w3cDatetime(moment: Date): string {
  return moment.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The later of a day a page's text was revised (`YYYY-MM-DD`) and a moment its data changed. */
export function laterOf(revised: string, changed: Date | undefined): string {
  return changed && changed.getTime() > Date.parse(revised) ? w3cDatetime(changed) : revised;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`,
  );

/** The sitemaps.org 0.9 `urlset`. */
export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `<url><loc>${escapeXml(entry.loc)}</loc><lastmod>${escapeXml(entry.lastmod)}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
