import { renderToString } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { RequestReference } from "./components/request-reference.tsx";
import { appContext, renderedPages } from "./context.server.ts";
import { deferHydrationScripts } from "./lib/deferred-hydration.server.ts";
import { pageBytes } from "./lib/drawn-parts.server.ts";
import { DrawnPartsContext } from "./lib/drawn-parts.ts";

/** How long React Router waits for a loader's promise while it writes the hydration data. */
export const streamTimeout = 5_000;

/** What React Router's `StreamTransfer` keeps per chunk of the hydration data it has read. */
type ReadChunk = Promise<void> & { result: { done: boolean; value: string } };

/**
 * Reads React Router's hydration data (its turbo-stream of the loaders' data) before the page is
 * rendered, and hands it to React Router's `StreamTransfer` the way it keeps what it has read
 * itself (`renderMeta.streamCache`, one entry per chunk), so that nothing in the page waits.
 * Should React Router keep them otherwise, the page would lose its data: "pages carry React
 * Router's whole hydration data" (tests/integration/public-site.test.ts) fails.
 */
async function readHydrationData(context: EntryContext) {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return;
  const cache: Record<number, ReadChunk> = {};
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  for (let identifier = 0; ; identifier++) {
    const { done, value } = await reader.read();
    const chunk = Promise.resolve() as ReadChunk;
    chunk.result = { done, value: decoder.decode(value, { stream: true }) };
    cache[identifier] = chunk;
    if (done) break;
  }
  reader.releaseLock();
  (context.renderMeta as { streamCache?: Record<number, ReadChunk> }).streamCache = cache;
}

/**
 * React Router's default Node entry, but the page is rendered whole, at once, into a string, its
 * hydration scripts held back until it has painted. Its inline scripts run by their hashes, which
 * the server adds to the Content-Security-Policy once the page is whole
 * (server/inline-script-hashes.ts).
 *
 * No loader here returns a promise to stream, so everyone gets the whole page at once: streamed,
 * React Router's data came in a Suspense boundary after the shell and made the browser run
 * React's reveal script (and lay the page out again) after the first paint, ~17 ms of a phone's
 * main thread for nothing. With the data read first, nothing suspends, and React's synchronous
 * string renderer makes the same markup as its stream renderer for a fifth less of a signed-in
 * page's time: the stream renderer encodes every small piece of markup into bytes as it goes.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  await readHydrationData(routerContext);
  const page = loadContext.get(appContext);
  const html = renderToString(
    <RequestReference.Provider value={page.requestId}>
      <DrawnPartsContext.Provider value={page.drawnParts}>
        <ServerRouter context={routerContext} url={request.url} />
      </DrawnPartsContext.Provider>
    </RequestReference.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const whole = deferHydrationScripts(`<!DOCTYPE html>${html}`);
  const bytes = pageBytes(whole, page.drawnParts);
  const response = new Response(bytes, { headers: responseHeaders, status: responseStatusCode });
  renderedPages.set(response, { html: whole, bytes });
  return response;
}

/**
 * A loader, action or render that failed: written to the server's log with the request's id
 * (the page shows it to be quoted; the browser only ever sees "Unexpected Server Error").
 * A request the browser gave up on is no failure.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  context.get(appContext).logger.error({ err: error, method: request.method }, "page failed");
};
