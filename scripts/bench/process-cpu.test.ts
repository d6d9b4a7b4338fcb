import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cpuSecondsOfTree } from "./process-cpu.ts";

const onLinux = existsSync("/proc/self/stat");

describe.runIf(onLinux)("the CPU time the benchmark counts for a server", () => {
  it("counts the processes the server started: a busy server on two processes", async () => {
    // Two processes, each spending 0.4 s of CPU on its first answer.
    const server = spawn(
      process.execPath,
      [join(import.meta.dirname, "busy-server.ts"), "0", "2", "400"],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      const port = await new Promise<string>((resolve) =>
        server.stdout?.on("data", (chunk: Buffer) => {
          const serving = /All 2 processes are serving on port (\d+)\./.exec(chunk.toString());
          if (serving?.[1]) resolve(serving[1]);
        }),
      );
      const before = cpuSecondsOfTree(server.pid ?? 0) ?? Number.NaN;
      // Separate connections, which node:cluster hands to the two processes in turn.
      const answers = await Promise.all(
        [1, 2].map(() =>
          fetch(`http://127.0.0.1:${port}/`, { headers: { connection: "close" } }).then((r) =>
            r.json(),
          ),
        ),
      );
      expect(answers).toEqual([{ hello: "world" }, { hello: "world" }]);
      const spent = (cpuSecondsOfTree(server.pid ?? 0) ?? Number.NaN) - before;
      // 0.8 s in the two workers; the supervisor alone would show almost nothing. One tick of
      // rounding per process either way.
      expect(spent).toBeGreaterThanOrEqual(0.77);
      expect(spent).toBeLessThan(2);
    } finally {
      server.kill();
    }
  });

  it("is unknown for a process that does not exist", () => {
    expect(cpuSecondsOfTree(2 ** 22 + 1)).toBeUndefined();
  });
});
