import { describe, expect, it } from "vitest";
import { deferHydrationScripts } from "./deferred-hydration.server.ts";

// The shape React Router 8's <Scripts> renders in production, around a page with accents.
const routeModules = [
  ";",
  'import * as route0 from "/assets/root.js";',
  'import * as route1 from "/assets/home.js";',
  '  window.__reactRouterManifest = {"entry": {"module": "/assets/entry.client.js"}};',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
  "",
  'import("/assets/entry.client.js");',
].join("\n");
const page =
  '<!DOCTYPE html><html><head><title>Cafés – IELTS Hub</title><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/shared.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/home.js" nonce="abc"/></head>' +
  '<body><p>Écrit à la main</p><script nonce="abc">window.__reactRouterContext = {};</script>' +
  `<script nonce="abc" type="module" async="">${routeModules}</script>` +
  '<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>';

describe("deferHydrationScripts", () => {
  it("takes the script preloads out of the head and runs the route modules after the first paint", () => {
    const result = deferHydrationScripts(page);
    expect(result).not.toContain('<link rel="modulepreload"');
    expect(result).toContain(
      '<title>Cafés – IELTS Hub</title><link rel="stylesheet" href="/assets/app.css"/></head>',
    );
    // Everything but the route-modules script goes out as it came.
    expect(result).toContain(
      '<body><p>Écrit à la main</p><script nonce="abc">window.__reactRouterContext = {};</script>',
    );
    expect(result).toContain(
      '<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>',
    );

    const script = /<script nonce="abc" type="module" async="">([\s\S]*?)<\/script>/.exec(
      result,
    )?.[1];
    expect(script).toBeDefined();
    const lines = script?.split("\n") ?? [];
    // First it waits for a painted frame; then it preloads what the head asked for…
    expect(lines[0]).toBe(
      "await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));",
    );
    expect(script).toContain(
      'for (const href of ["/assets/entry.client.js","/assets/shared.js","/assets/root.js","/assets/home.js"]) {',
    );
    // …evaluates every module but the entry, one task each…
    expect(script).toContain(
      'for (const href of ["/assets/shared.js","/assets/root.js","/assets/home.js"]) {',
    );
    // …and then does what the script did, its static imports made dynamic, in their order.
    expect(script).not.toMatch(/^import \*/m);
    const route0 = lines.indexOf('const route0 = await import("/assets/root.js");');
    const route1 = lines.indexOf('const route1 = await import("/assets/home.js");');
    const modules = lines.indexOf(
      '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
    );
    const entry = lines.indexOf('import("/assets/entry.client.js");');
    expect(route0).toBeGreaterThan(0);
    expect(route1).toBeGreaterThan(route0);
    expect(modules).toBeGreaterThan(route1);
    expect(entry).toBeGreaterThan(modules);
  });

  it("leaves a route-modules script with an import of another shape as it is", () => {
    const other = page.replace(
      'import * as route1 from "/assets/home.js";',
      'import { home } from "/assets/home.js";',
    );
    const result = deferHydrationScripts(other);
    expect(result).toContain(
      `<script nonce="abc" type="module" async="">${routeModules.replace(
        'import * as route1 from "/assets/home.js";',
        'import { home } from "/assets/home.js";',
      )}</script>`,
    );
  });

  it("passes a document without a head or a route-modules script through unchanged", () => {
    expect(deferHydrationScripts("<p>no head</p>")).toBe("<p>no head</p>");
    const plain = "<html><head><title>é</title></head><body><p>Hello</p></body></html>";
    expect(deferHydrationScripts(plain)).toBe(plain);
  });
});
