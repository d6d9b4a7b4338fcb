/**
 * The server build's entry: the HTTP app with the pages in one bundle, so every module of app/,
 * server/, core/ and db/ is loaded once (the pages reach it through the same `appContext` key and
 * database handle the server set). `server/index.ts` loads this module through Vite in
 * development and from `build/server/index.js` otherwise; tests load the build the same way.
 */
export { prepareWritingMeasures } from "../core/writing/measure-answer.server.ts";
export { createApp } from "./app.ts";
export { loadConfig } from "./config.ts";
export { createLogger } from "./logger.ts";
export { securityLogTo } from "./security-log.ts";
export { serve } from "./serve.ts";

/** React Router's build of the pages (routes, their assets manifest). */
export const loadPageBuild = () => import("virtual:react-router/server-build");
