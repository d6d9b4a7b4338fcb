import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";
import { pageTexts } from "./context.server.ts";
import { deferHydrationScripts } from "./lib/deferred-hydration.server.ts";

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry, but the page is rendered whole and answered at once, its
 * hydration scripts held back until it has painted. Its inline scripts run by their hashes, which
 * the server adds to the Content-Security-Policy once the page is whole
 * (server/inline-script-hashes.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        // Everyone gets the whole page at once. No loader here returns a promise to stream, so
        // the shell would arrive only a moment sooner, while React Router's data, sent in a
        // Suspense boundary after it, made the browser run React's reveal script (and lay the
        // page out again) after the first paint: ~17 ms of a phone's main thread for nothing.
        // Whole, the page also skips a stream's bookkeeping on its way to the compressor.
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          pipe(
            new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                clearTimeout(timeoutId);
                responseHeaders.set("Content-Type", "text/html; charset=utf-8");
                const page = deferHydrationScripts(Buffer.concat(chunks).toString("utf8"));
                const response = new Response(page, {
                  headers: responseHeaders,
                  status: responseStatusCode,
                });
                pageTexts.set(response, page);
                resolve(response);
                callback();
              },
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
