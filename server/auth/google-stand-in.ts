/**
 * Tests only (GOOGLE_OAUTH_STAND_IN, refused in production): sends what would go to Google's
 * OAuth hosts to a local stand-in that speaks the same protocol, much as a hosts-file entry
 * would. Better Auth's Google provider runs unchanged: the browser is redirected to the
 * stand-in's authorization page, and the server's token request reaches the stand-in's token
 * endpoint.
 */
const GOOGLE_HOSTS = [
  "https://accounts.google.com",
  "https://oauth2.googleapis.com",
  "https://www.googleapis.com",
  "https://openidconnect.googleapis.com",
];

export function toStandIn(url: string, standIn: string | undefined): string {
  if (!standIn) return url;
  const host = GOOGLE_HOSTS.find((origin) => url.startsWith(`${origin}/`));
  return host ? `${standIn}${url.slice(host.length)}` : url;
}

let installed: string | undefined;

/** Reroutes the server's own requests to Google's hosts (once per process). */
export function routeGoogleToStandIn(standIn: string) {
  if (installed === standIn) return;
  if (installed) throw new Error("A different Google stand-in is already installed.");
  installed = standIn;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    if (typeof input === "string") return realFetch(toStandIn(input, standIn), init);
    if (input instanceof URL) return realFetch(toStandIn(input.toString(), standIn), init);
    const rerouted = toStandIn(input.url, standIn);
    return realFetch(rerouted === input.url ? input : new Request(rerouted, input), init);
  };
}
