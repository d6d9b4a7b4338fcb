import type { IncomingMessage, ServerResponse } from "node:http";
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createReadTurns } from "./read-turns.ts";

/** What the turns see of a request and its answer: whether the reader is still there. */
const request = () => ({}) as IncomingMessage;
const answerTo = () => ({ destroyed: false }) as ServerResponse & { destroyed: boolean };

describe("anonymous reads take turns", () => {
  it("answers a share of reads per pass, the rest in order in the next passes, and anything else at once", async () => {
    const refused: number[] = [];
    const turns = createReadTurns({ perTurn: 2, maxWaiting: 10, refuse: () => refused.push(1) });
    const answered: string[] = [];
    // One pass of the event loop reads five anonymous reads and a write.
    for (const name of ["read 1", "read 2", "read 3", "read 4", "read 5"]) {
      if (turns.now()) answered.push(name);
      else turns.wait(request(), answerTo(), () => answered.push(name));
    }
    // The write is not a read that takes turns: it is answered in the pass it came in.
    answered.push("write");
    expect(answered).toEqual(["read 1", "read 2", "write"]);
    expect(turns.waiting()).toBe(3);
    // A read coming while others wait queues behind them, even with the pass's share unused.
    await nextTurn();
    expect(answered).toEqual(["read 1", "read 2", "write", "read 3", "read 4"]);
    expect(turns.now()).toBe(false);
    turns.wait(request(), answerTo(), () => answered.push("read 6"));
    await nextTurn();
    expect(answered.slice(5)).toEqual(["read 5", "read 6"]);
    expect(turns.waiting()).toBe(0);
    await nextTurn();
    expect(turns.now()).toBe(true);
    expect(refused).toEqual([]);
  });

  it("skips a reader who went away while waiting, and refuses at once when the line is full", async () => {
    const refused: IncomingMessage[] = [];
    const turns = createReadTurns({
      perTurn: 1,
      maxWaiting: 2,
      refuse: (req) => refused.push(req),
    });
    const answered: string[] = [];
    expect(turns.now()).toBe(true);
    const gone = answerTo();
    turns.wait(request(), gone, () => answered.push("gone"));
    turns.wait(request(), answerTo(), () => answered.push("still here"));
    const third = request();
    turns.wait(third, answerTo(), () => answered.push("third"));
    expect(refused).toEqual([third]);
    gone.destroyed = true;
    await nextTurn();
    expect(answered).toEqual(["still here"]);
    expect(turns.waiting()).toBe(0);
  });
});
