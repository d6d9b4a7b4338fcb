import { publishDuePosts } from "../core/blog/post-schedule.server.ts";
import type { DB } from "../db/index.ts";

/**
 * How often each process looks for scheduled posts whose time has come: twice a second, so a
 * post is on the blog within a second of its time. The question is one indexed lookup that
 * finds nothing almost always, and announces nothing then (the triggers fire per changed row).
 */
export const SCHEDULER_INTERVAL_MS = 500;

export interface PostScheduler {
  /** Looks now and then every `SCHEDULER_INTERVAL_MS`, until stopped; keeps no process alive. */
  start: () => void;
  /** Stops looking, and waits for a look under way (its transaction) to end. */
  stop: () => Promise<void>;
  /** One look: what the timer runs, and how tests publish when they choose. */
  publishDue: (now?: Date) => Promise<number>;
}

/**
 * Publishes scheduled posts by itself, in every server process, with no request needed: each
 * process asks the database, and the update lets exactly one process publish each post
 * (core/blog/post-schedule.server.ts). The write's content-change trigger then drops the blog from
 * every process's response cache; a post to be mailed wakes this process's mail worker.
 */
export function createPostScheduler({
  db,
  wakeMailWorker,
  log = console,
}: {
  db: DB;
  wakeMailWorker: () => void;
  log?: Pick<Console, "log" | "error">;
}): PostScheduler {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function publishDue(now?: Date): Promise<number> {
    const published = await publishDuePosts(db, now);
    for (const post of published) {
      log.log(
        `Published the scheduled post /blog/${post.slug}${post.emailed ? ", and mailing it" : ""}.`,
      );
    }
    if (published.some((post) => post.emailed)) wakeMailWorker();
    return published.length;
  }

  function tick() {
    // A slow database must not pile looks up behind each other.
    if (running) return;
    running = publishDue()
      .catch((error: unknown) => log.error("Publishing scheduled posts failed:", error))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, SCHEDULER_INTERVAL_MS);
      timer.unref();
      tick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
    publishDue,
  };
}
