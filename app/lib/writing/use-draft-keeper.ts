import { useCallback, useEffect, useRef, useState } from "react";
import { readLocalDraft, updateLocalDraft, writeLocalDraft } from "./local-drafts.ts";

const NO_START_TEXTS: Record<string, string> = {};

/** How often the server gets the words typed since its last save (issue 38: every 10 seconds). */
export const DRAFT_SAVE_INTERVAL_MS = 10_000;

export type SaveStatus =
  | { kind: "idle" }
  | { kind: "saved"; at: Date }
  | { kind: "offline" }
  | { kind: "failed"; message: string };

/** One answer being written: the task it answers and its words now. */
export interface KeptAnswer {
  taskId: string;
  text: string;
}

type SaveOutcome =
  | { ok: true; updatedAt: Date }
  | { ok: false; offline: true }
  | { ok: false; offline: false; message: string };

/**
 * `PUT /api/writing/drafts/{taskId}`, same-origin with the session cookie. `keepalive` lets it
 * finish after the page has gone (a closed tab, a reload); the browser allows 64 KB of such
 * bodies at once, so a refused one is sent again as an ordinary request.
 */
async function putDraft(
  taskId: string,
  body: { text: string; secondsLeft?: number },
  keepalive: boolean,
): Promise<SaveOutcome> {
  const request = (alive: boolean) =>
    fetch(`/api/writing/drafts/${encodeURIComponent(taskId)}`, {
      method: "PUT",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      keepalive: alive,
    });
  let response: Response;
  try {
    response = await request(keepalive).catch((error: unknown) => {
      if (keepalive) return request(false);
      throw error;
    });
  } catch {
    return { ok: false, offline: true };
  }
  let answer: unknown = null;
  try {
    answer = await response.json();
  } catch {
    answer = null;
  }
  if (response.ok) {
    const updatedAt = (answer as { draft?: { updatedAt?: unknown } } | null)?.draft?.updatedAt;
    const at = typeof updatedAt === "string" ? new Date(updatedAt) : new Date();
    return { ok: true, updatedAt: Number.isNaN(at.getTime()) ? new Date() : at };
  }
  const message = (answer as { message?: unknown } | null)?.message;
  return {
    ok: false,
    offline: false,
    message:
      typeof message === "string" && message !== ""
        ? message
        : `The server answered ${response.status}.`,
  };
}

const online = () => typeof navigator === "undefined" || navigator.onLine !== false;

/**
 * Never lost (issue 38, point 4; decision 0060): every change is kept in this browser at once
 * (`localStorage`), and the server gets the words every 10 seconds when they changed, when the
 * page is hidden or left (with `keepalive`), and as soon as the connection is back. The status says
 * when the server last saved them, or that they wait on this device.
 */
export function useDraftKeeper({
  userId,
  answers,
  secondsLeft,
  secondsSpent,
  running,
  savedTexts,
  startTexts = NO_START_TEXTS,
  onConnectionChange,
}: {
  userId: string;
  answers: KeptAnswer[];
  /** The sitting's time left when timed (kept with the draft), else null. */
  secondsLeft: number | null;
  secondsSpent: number;
  /** Saving runs only while the student writes (not before Continue, nor once submitted). */
  running: boolean;
  /** The words the server already holds for each task, when the sitting started. */
  savedTexts: Record<string, string | null>;
  /**
   * Words a task's box starts from that are no draft until changed (a revised draft's earlier
   * answer, by task): kept neither here nor on the server while they stand as they are.
   */
  startTexts?: Record<string, string>;
  /** Told when the connection goes or comes back, to say so aloud. */
  onConnectionChange?: (online: boolean) => void;
}) {
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" });
  const latest = useRef({ answers, secondsLeft, secondsSpent, running });
  latest.current = { answers, secondsLeft, secondsSpent, running };
  /** What the server holds, per task: the words and the time left it was last given. */
  const saved = useRef(new Map<string, { text: string; secondsLeft: number | null }>());
  const inFlight = useRef(new Set<string>());
  /** The saves on their way, which a submission waits for (one landing after it would be a new draft). */
  const sending = useRef(new Set<Promise<unknown>>());
  const stopped = useRef(false);
  const notify = useRef(onConnectionChange);
  notify.current = onConnectionChange;

  // A new starting point (Continue, Start again) says what the server holds now.
  useEffect(() => {
    saved.current = new Map(
      Object.entries(savedTexts)
        .filter((entry): entry is [string, string] => entry[1] !== null)
        .map(([taskId, text]) => [taskId, { text, secondsLeft: null }]),
    );
  }, [savedTexts]);

  const changed = useCallback((answer: KeptAnswer, withTime: boolean) => {
    const held = saved.current.get(answer.taskId);
    if (!held) return answer.text !== "";
    if (held.text !== answer.text) return true;
    return withTime && held.secondsLeft !== latest.current.secondsLeft;
  }, []);

  /** Sends every changed answer; `withTime`: a change of the time left alone is worth a save. */
  const save = useCallback(
    async ({ keepalive = false, withTime = false } = {}) => {
      if (stopped.current) return;
      const { answers: now, secondsLeft: left } = latest.current;
      const due = now.filter(
        (answer) => changed(answer, withTime) && !inFlight.current.has(answer.taskId),
      );
      if (due.length === 0) return;
      if (!online()) {
        setStatus({ kind: "offline" });
        return;
      }
      const saving = Promise.all(
        due.map(async (answer) => {
          inFlight.current.add(answer.taskId);
          try {
            const outcome = await putDraft(
              answer.taskId,
              left === null ? { text: answer.text } : { text: answer.text, secondsLeft: left },
              keepalive,
            );
            if (outcome.ok) {
              saved.current.set(answer.taskId, { text: answer.text, secondsLeft: left });
              // Words typed while it was on its way are still this device's own.
              const current = latest.current.answers.find(
                (candidate) => candidate.taskId === answer.taskId,
              );
              if (current?.text === answer.text)
                updateLocalDraft(userId, answer.taskId, { pending: false });
            }
            return outcome;
          } finally {
            inFlight.current.delete(answer.taskId);
          }
        }),
      );
      sending.current.add(saving);
      const outcomes = await saving.finally(() => sending.current.delete(saving));
      if (stopped.current) return;
      const failed = outcomes.find((outcome) => !outcome.ok);
      if (!failed) {
        const times = outcomes.map((outcome) => (outcome.ok ? outcome.updatedAt.getTime() : 0));
        setStatus({ kind: "saved", at: new Date(Math.max(...times)) });
      } else if (failed.offline) setStatus({ kind: "offline" });
      else setStatus({ kind: "failed", message: failed.message });
    },
    [changed, userId],
  );

  // Every change is kept on this device at once.
  useEffect(() => {
    if (!running || stopped.current) return;
    for (const answer of answers) {
      const held = saved.current.get(answer.taskId);
      const previous = readLocalDraft(userId, answer.taskId);
      if (answer.text === "" && !held && !previous) continue;
      if (!previous && answer.text === startTexts[answer.taskId]) continue;
      writeLocalDraft(userId, answer.taskId, {
        text: answer.text,
        secondsLeft,
        secondsSpent,
        updatedAt: Date.now(),
        pending: held ? held.text !== answer.text : answer.text !== "",
        submitting: false,
      });
    }
  }, [answers, secondsLeft, secondsSpent, running, userId, startTexts]);

  // Every 10 seconds, when the words changed; and when the page is hidden, left, or back online.
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => void save(), DRAFT_SAVE_INTERVAL_MS);
    const onHidden = () => {
      if (document.visibilityState === "hidden") void save({ keepalive: true, withTime: true });
    };
    const onPageHide = () => void save({ keepalive: true, withTime: true });
    const onOnline = () => {
      notify.current?.(true);
      void save({ withTime: true });
    };
    const onOffline = () => {
      notify.current?.(false);
      setStatus({ kind: "offline" });
    };
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
    };
  }, [running, save]);

  /**
   * The answers are on their way to be submitted: no draft is saved any more (one arriving after
   * the submission would bring the answer back as a draft), and this device marks its copies, which
   * the submission's page then forgets. `resume` undoes it when the submission was refused.
   */
  const stop = useCallback(() => {
    stopped.current = true;
    for (const answer of latest.current.answers)
      updateLocalDraft(userId, answer.taskId, { submitting: true });
  }, [userId]);
  /** Resolves once no save is on its way. */
  const settled = useCallback(async () => {
    await Promise.allSettled([...sending.current]);
  }, []);
  const resume = useCallback(() => {
    stopped.current = false;
    for (const answer of latest.current.answers)
      updateLocalDraft(userId, answer.taskId, { submitting: false });
  }, [userId]);

  return { status, save, stop, settled, resume };
}
