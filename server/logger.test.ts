import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { batchedWrites } from "./logger.ts";

/**
 * A pipe whose reader opens it at once but reads nothing for `readAfterMs`, then copies all of
 * it to a file: the log's reader (journald, Docker) falling behind.
 */
async function slowReaderPipe(readAfterMs: number) {
  const folder = mkdtempSync(join(tmpdir(), "ielts-hub-pipe-"));
  const fifo = join(folder, "pipe");
  const output = join(folder, "read");
  execFileSync("mkfifo", [fifo]);
  const reader = spawn("sh", [
    "-c",
    `exec 3<"${fifo}"; sleep ${readAfterMs / 1000}; cat <&3 > "${output}"`,
  ]);
  // Opening a pipe for writing without blocking succeeds once its reader has it open.
  let fd = -1;
  for (let tries = 0; fd === -1; tries++) {
    try {
      fd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (error) {
      if (tries > 100) throw error;
      await delay(20);
    }
  }
  return { fd, reader, output, folder };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function track({ fd, reader, folder }: { fd: number; reader: ChildProcess; folder: string }) {
  cleanups.push(() => {
    reader.kill();
    try {
      closeSync(fd);
    } catch {}
    rmSync(folder, { recursive: true, force: true });
  });
}

/** A request line of about the usual size, with a character UTF-8 writes in two bytes. */
const lineNumbered = (n: number) =>
  `{"level":"info","n":${n},"path":"/blog/caf\u00e9-${"x".repeat(250)}","msg":"request"}\n`;

async function readerDone(reader: ChildProcess, fd: number) {
  closeSync(fd);
  if (reader.exitCode === null) await new Promise((resolve) => reader.once("exit", resolve));
}

describe("batched stdout", () => {
  it("keeps every line, whole and in order, while the reader falls behind, trying the full pipe once per batch", async () => {
    const pipe = await slowReaderPipe(700);
    track(pipe);
    let attempts = 0;
    const out = batchedWrites(pipe.fd, {
      write: (fd, buffer, offset, length) => {
        attempts++;
        return writeSync(fd, buffer, offset, length);
      },
    });
    const lines = 20_000; // about 5.6 MB: far beyond the pipe's 64 KB
    for (let n = 0; n < lines; n++) out.write(lineNumbered(n));
    // Line by line retries would have tried the full pipe for nearly every line.
    expect(attempts).toBeLessThan(300);
    // Once the reader reads, the waiting lines go out with the next flushes.
    for (let waited = 0; waited < 100; waited++) {
      out.flush();
      await delay(50);
    }
    await readerDone(pipe.reader, pipe.fd);
    const read = readFileSync(pipe.output, "utf8").split("\n");
    expect(read.pop()).toBe("");
    expect(read).toHaveLength(lines);
    read.forEach((line, n) => {
      expect(`${line}\n`).toBe(lineNumbered(n));
    });
  });

  it("drops lines beyond what may wait, and says how many once the reader caught up", async () => {
    const pipe = await slowReaderPipe(500);
    track(pipe);
    const out = batchedWrites(pipe.fd, { maxWaitingBytes: 256 * 1024 });
    const lines = 10_000;
    for (let n = 0; n < lines; n++) out.write(lineNumbered(n));
    for (let waited = 0; waited < 60; waited++) {
      out.flush();
      await delay(50);
    }
    await readerDone(pipe.reader, pipe.fd);
    const read = readFileSync(pipe.output, "utf8").trim().split("\n");
    const notice = JSON.parse(read.at(-1) ?? "{}");
    expect(notice).toMatchObject({
      level: "warn",
      msg: expect.stringMatching(/^\d+ log lines were dropped/),
    });
    const kept = read.slice(0, -1).map((line) => JSON.parse(line).n as number);
    const droppedCount = Number(/^(\d+)/.exec(notice.msg)?.[1]);
    expect(kept.length + droppedCount).toBe(lines);
    expect(kept.length).toBeGreaterThan(0);
    expect(droppedCount).toBeGreaterThan(0);
    // What was kept is the oldest, whole and in order.
    expect(kept).toEqual(kept.map((_, index) => index));
  });
});
