import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";
import { deferHydrationScripts } from "./lib/deferred-hydration.server.ts";

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry, plus the whole page at once, and its hydration scripts held
 * back until it has painted. Its inline scripts run by their hashes, which the server adds to
 * the Content-Security-Policy once the page is whole (server/inline-script-hashes.ts).
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
    // Everyone gets the whole page at once. No loader here returns a promise to stream, so the
    // shell would arrive only a moment sooner, while React Router's data, sent in a Suspense
    // boundary after it, made the browser run React's reveal script (and lay the page out again)
    // after the first paint: ~17 ms of a phone's main thread for nothing.
    const readyOption = "onAllReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          const page = body.pipe(deferHydrationScripts());
          body.once("error", (error) => page.destroy(error));
          resolve(
            new Response(createReadableStreamFromReadable(page), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
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
