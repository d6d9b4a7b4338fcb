import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on every Linux build in use). */
const TICKS_PER_SECOND = 100;

interface ProcessStat {
  parent: number;
  /** User and system time, in seconds, of every thread of the process. */
  cpuSeconds: number;
}

function statOf(pid: number): ProcessStat | undefined {
  try {
    // The command name, in parentheses, may hold spaces: the fields are counted after it.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return {
      parent: Number(fields[1]),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    };
  } catch {
    return undefined; // Gone in the meantime.
  }
}

/**
 * The CPU time (user and system, all threads: the garbage collector's helpers included) a process
 * and every process it started have used so far, in seconds; undefined where there is no /proc
 * (not Linux). With it the benchmark tells what a server spends per answer, not only how long the
 * answers took: on a machine the load generator shares, latency alone hides where time went.
 */
export function cpuSecondsOfTree(root: number): number | undefined {
  if (!statOf(root)) return undefined;
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = statOf(pid);
    if (stat) parents.set(pid, stat.parent);
  }
  let total = 0;
  const tree = [root];
  for (let next = tree.pop(); next !== undefined; next = tree.pop()) {
    total += statOf(next)?.cpuSeconds ?? 0;
    for (const [pid, parent] of parents) if (parent === next) tree.push(pid);
  }
  return total;
}
