/**
 * The loop behind the background workers (the mail outbox, webhook deliveries): once started it
 * works through what is due whenever woken — by a write that queued something, by a retry's
 * timer, or by a poll every `pollMs` (for rows another process queued) — never twice at once; a
 * wake while it works makes it go round once more. `stop` lets the row in hand finish.
 */
export interface PollingWorker {
  wake: () => void;
  start: () => void;
  stop: () => Promise<void>;
  readonly started: boolean;
}

export function pollingWorker({
  pollMs,
  drain,
  onError,
}: {
  pollMs: number;
  /** Works through due rows for as long as `going()` says so. */
  drain: (going: () => boolean) => Promise<void>;
  onError: (error: unknown) => void;
}): PollingWorker {
  let started = false;
  let running: Promise<void> | undefined;
  let wokenWhileRunning = false;
  let poll: NodeJS.Timeout | undefined;

  function wake() {
    if (!started) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    running = (async () => {
      do {
        wokenWhileRunning = false;
        await drain(() => started).catch(onError);
      } while (wokenWhileRunning && started);
    })().finally(() => {
      running = undefined;
    });
  }

  return {
    wake,
    get started() {
      return started;
    },
    start() {
      if (started) return;
      started = true;
      poll = setInterval(wake, pollMs);
      poll.unref();
      wake();
    },
    async stop() {
      started = false;
      clearInterval(poll);
      await running;
    },
  };
}
