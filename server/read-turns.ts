import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Anonymous reads take turns (decision 0056). The event loop reads every connection that has a
 * request waiting in one pass: with 500 readers that pass was 100 ms long, and a write, or a new
 * connection (accepted one per pass), waited for it. So each pass answers at most `perTurn`
 * anonymous reads; the others wait in order for the next passes, their connections silent
 * meanwhile (a reader sends its next request only once answered), while writes and signed-in
 * requests are answered in the pass they arrive in. The readers lose nothing on the whole: the
 * same work is done in more, shorter passes. Past `maxWaiting` a read is refused at once.
 */
export interface ReadTurns {
  /** Whether an anonymous read may be answered in this pass (and counts it if so). */
  now(): boolean;
  /** Puts a read in line for a later pass, or refuses it when the line is full. */
  wait(req: IncomingMessage, res: ServerResponse, answer: () => void): void;
  /** Anonymous reads waiting for their turn. */
  waiting(): number;
}

export const DEFAULT_READS_PER_TURN = 32;
const DEFAULT_MAX_WAITING = 4096;

export function createReadTurns({
  perTurn = DEFAULT_READS_PER_TURN,
  maxWaiting = DEFAULT_MAX_WAITING,
  refuse,
}: {
  perTurn?: number;
  maxWaiting?: number;
  /** Answers a read that finds the line full (the overload guard's quick 503). */
  refuse: (req: IncomingMessage, res: ServerResponse) => void;
}): ReadTurns {
  const line: { res: ServerResponse; answer: () => void }[] = [];
  let answeredThisTurn = 0;
  let turnEnds = false;

  // After the pass that reads the connections (setImmediate runs right after it): the next
  // share of those waiting, in order, and a fresh share for the next pass.
  const endTurn = () => {
    turnEnds = false;
    answeredThisTurn = 0;
    let answered = 0;
    while (answered < perTurn && line.length > 0) {
      const next = line.shift();
      // A reader who went away while waiting is not answered.
      if (!next || next.res.destroyed) continue;
      answered++;
      next.answer();
    }
    if (line.length > 0) scheduleEnd();
  };
  const scheduleEnd = () => {
    if (turnEnds) return;
    turnEnds = true;
    setImmediate(endTurn);
  };

  return {
    now() {
      if (line.length > 0 || answeredThisTurn >= perTurn) return false;
      answeredThisTurn++;
      scheduleEnd();
      return true;
    },
    wait(req, res, answer) {
      if (line.length >= maxWaiting) {
        refuse(req, res);
        return;
      }
      line.push({ res, answer });
      scheduleEnd();
    },
    waiting: () => line.length,
  };
}
