import type { ChildProcess } from "node:child_process";

/**
 * Waits until `url` answers 2xx: a site the script (or test) just started is up. Gives up after
 * `seconds`, or at once when the process serving it has stopped.
 */
export async function waitForSite(
  url: string,
  { seconds = 20, server }: { seconds?: number; server?: ChildProcess } = {},
): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (server && server.exitCode !== null)
      throw new Error(`The site stopped (exit code ${server.exitCode}).`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up within ${seconds} s.`);
}
