import { useEffect, useRef, useState } from "react";

/**
 * The sitting's clock, read from `Date.now()` once a second while it runs (a background tab's
 * slowed timers cannot make it lag): the seconds left when timed, and the seconds spent writing.
 * Time stops while the screen is not running (before "Continue", after the end), so a draft's time
 * left is the time the student had when they left (decision 0060).
 */
export function useSittingClock({
  running,
  startSecondsLeft,
  startSecondsSpent,
}: {
  running: boolean;
  /** The seconds left when the clock (re)started; null untimed. */
  startSecondsLeft: number | null;
  startSecondsSpent: number;
}): { secondsLeft: number | null; secondsSpent: number; elapsed: number } {
  const [elapsed, setElapsed] = useState(0);
  const startedAt = useRef<number | null>(null);
  const base = useRef(0);

  useEffect(() => {
    if (!running) {
      // Stopped: what ran so far is kept in `base`, and the next start counts on from it.
      if (startedAt.current !== null) {
        base.current += Math.floor((Date.now() - startedAt.current) / 1000);
        startedAt.current = null;
      }
      return;
    }
    startedAt.current = Date.now();
    const tick = () => {
      if (startedAt.current === null) return;
      setElapsed(base.current + Math.floor((Date.now() - startedAt.current) / 1000));
    };
    const timer = window.setInterval(tick, 1000);
    const onVisible = () => {
      if (document.visibilityState === "visible") tick();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [running]);

  // A new start (Continue with a draft's time, Start again) counts from nothing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts when the starting point changes.
  useEffect(() => {
    base.current = 0;
    if (startedAt.current !== null) startedAt.current = Date.now();
    setElapsed(0);
  }, [startSecondsLeft, startSecondsSpent]);

  return {
    secondsLeft: startSecondsLeft === null ? null : Math.max(0, startSecondsLeft - elapsed),
    secondsSpent: startSecondsSpent + elapsed,
    elapsed,
  };
}
