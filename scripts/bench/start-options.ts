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
