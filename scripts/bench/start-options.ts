import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The Node options `npm start` runs the server with (`node <options> server/index.ts` in
 * package.json's start script), so that the benchmarks measure the server as it is run: the heap
 * settings alone changed a course page's throughput under load by 12 %.
 */
export function nodeOptionsOfStart(root: string): string[] {
  const start: string = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts.start;
  const options = /\bnode ((?:--[\w-]+(?:=\S+)? )*)server\/index\.ts/.exec(start)?.[1];
  if (options === undefined)
    throw new Error(`No "node … server/index.ts" in the start script: ${start}`);
  return options.trim().split(" ").filter(Boolean);
}

/**
 * The environment a benchmark's server runs with: its database and port, no grace period on
 * stopping, and NODE_ENV unset as `npm start` leaves it (the built site runs production React).
 */
export function siteEnvironment(databaseUrl: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    SHUTDOWN_GRACE_MS: "0",
    NODE_ENV: "",
  };
}
