import { hash } from "node:crypto";
import { type RenderedPage, renderedPages } from "../app/context.server.ts";

/** An inline script: a `<script>` without `src`, and what it runs. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;
const SCRIPT_SRC = /script-src 'self'/;

/**
 * Lets a page's own inline scripts run, and nothing else inline: the Content-Security-Policy's
 * `script-src 'self'` gains the SHA-256 of each inline script the page holds (React Router's
 * context and route-modules scripts, the scroll restoration). A nonce would do the same per
 * response, but a kept answer (server/response-cache.ts) is sent to many visitors and a nonce
 * sent twice protects nothing; a hash belongs to the page's text, so it survives being kept
 * (decision 0035).
 *
 * The page is read whole here, before it is compressed: it gets its hashes, which
 * `addScriptHashes` puts in the policy once the security headers are set, and, if it may be
 * stored (`withValidator`), its validator: a weak ETag of the text. A page made for one visitor
 * is `no-store`, never asked about again, so it is not hashed whole for nothing.
 */
export async function hashInlineScripts(
  response: Response,
  { withValidator }: { withValidator: boolean },
): Promise<(RenderedPage & { headers: Headers; hashes: string[] }) | undefined> {
  if (!response.headers.get("content-type")?.startsWith("text/html") || !response.body) {
    return undefined;
  }
  const { html, bytes } = renderedPages.get(response) ?? (await readPage(response));
  const hashes = new Set<string>();
  for (const [, script = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (script.length > 0) hashes.add(`'sha256-${hash("sha256", script, "base64")}'`);
  }
  const headers = new Headers(response.headers);
  if (withValidator && !headers.has("etag")) {
    headers.set("ETag", `W/"${hash("sha1", bytes, "base64url")}"`);
  }
  return { html, bytes, headers, hashes: [...hashes] };
}

async function readPage(response: Response): Promise<RenderedPage> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { html: new TextDecoder().decode(bytes), bytes };
}

/** Adds the page's script hashes to the `script-src 'self'` of its policy. */
export function addScriptHashes(headers: Headers, hashes: string[]): void {
  const policy = headers.get("content-security-policy");
  if (!policy || hashes.length === 0) return;
  headers.set(
    "Content-Security-Policy",
    policy.replace(SCRIPT_SRC, `script-src 'self' ${hashes.join(" ")}`),
  );
}
