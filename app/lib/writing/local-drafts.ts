/**
 * A Writing draft kept in this browser between the server's saves (decision 0060): what was typed
 * since the last save survives a reload, a closed tab, a crash or a lost connection. One record
 * per account and task, as the server keeps one draft per author and task. Browser-only: every
 * call does nothing where there is no `localStorage` (the server, a browser that refuses it).
 */

export interface LocalDraft {
  text: string;
  /** The time that was left when timed; null untimed. */
  secondsLeft: number | null;
  /** Seconds spent writing on this device (an untimed answer's time taken). */
  secondsSpent: number;
  /** When this device last changed it (its own clock: only compared with itself). */
  updatedAt: number;
  /** Words this device has that the server may not: typed since the last save it confirmed. */
  pending: boolean;
  /** The answer was sent to be submitted: the submission's page forgets it once it is in. */
  submitting: boolean;
}

const PREFIX = "ielts-hub:writing-draft:";

const keyOf = (userId: string, taskId: string) => `${PREFIX}${userId}:${taskId}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isLocalDraft(value: unknown): value is LocalDraft {
  if (typeof value !== "object" || value === null) return false;
  const draft = value as Record<string, unknown>;
  return (
    typeof draft.text === "string" &&
    (draft.secondsLeft === null || typeof draft.secondsLeft === "number") &&
    typeof draft.updatedAt === "number" &&
    typeof draft.pending === "boolean"
  );
}

export function readLocalDraft(userId: string, taskId: string): LocalDraft | null {
  const store = storage();
  if (!store) return null;
  try {
    const raw = store.getItem(keyOf(userId, taskId));
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    if (!isLocalDraft(value)) return null;
    return {
      ...value,
      secondsSpent: typeof value.secondsSpent === "number" ? value.secondsSpent : 0,
      submitting: value.submitting === true,
    };
  } catch {
    return null;
  }
}

/** Keeps the draft; false when the browser would not (full, or refused): the server's save still runs. */
export function writeLocalDraft(userId: string, taskId: string, draft: LocalDraft): boolean {
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(keyOf(userId, taskId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function updateLocalDraft(
  userId: string,
  taskId: string,
  change: Partial<LocalDraft>,
): void {
  const draft = readLocalDraft(userId, taskId);
  if (draft) writeLocalDraft(userId, taskId, { ...draft, ...change });
}

export function removeLocalDraft(userId: string, taskId: string): void {
  try {
    storage()?.removeItem(keyOf(userId, taskId));
  } catch {
    // Nothing to do: the record stays, and is offered again, which loses nothing.
  }
}

/** The server's draft as the page gets it (core/writing/drafts.server.ts's view). */
export interface ServerDraft {
  text: string;
  secondsLeft: number | null;
  updatedAt: string;
}

/** The draft to offer to continue: this device's, when it has words the server may lack; else the server's. */
export interface DraftToContinue {
  text: string;
  secondsLeft: number | null;
  secondsSpent: number;
  from: "server" | "device";
}

/**
 * Which draft to offer (decision 0060): this device's when it holds words it could not save yet
 * (or was sending them to be submitted), since the server then lacks them; otherwise the
 * server's, which has everything this device saved and perhaps more from another device. When
 * both hold the same words, the smaller time left is the true one (a device keeps counting
 * between saves). Clocks are never compared: the browser's and the server's may differ.
 */
export function draftToContinue(
  server: ServerDraft | null,
  local: LocalDraft | null,
): DraftToContinue | null {
  const usableLocal = local && local.text.trim() !== "" ? local : null;
  if (usableLocal && (usableLocal.pending || usableLocal.submitting || !server)) {
    return {
      text: usableLocal.text,
      secondsLeft: usableLocal.secondsLeft,
      secondsSpent: usableLocal.secondsSpent,
      from: "device",
    };
  }
  if (!server || server.text.trim() === "") return null;
  const sameWords = usableLocal !== null && usableLocal.text === server.text;
  const secondsLeft =
    sameWords && usableLocal.secondsLeft !== null && server.secondsLeft !== null
      ? Math.min(usableLocal.secondsLeft, server.secondsLeft)
      : server.secondsLeft;
  return {
    text: server.text,
    secondsLeft,
    secondsSpent: sameWords ? usableLocal.secondsSpent : 0,
    from: "server",
  };
}
