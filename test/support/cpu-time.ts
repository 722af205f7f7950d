import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time, for bounds on how long code computes: a linear-time bound measured this way holds
 * however busy the machine is, where the clock also counts the time other processes held the cores
 * (on a two-core CI machine running suites side by side, most of it). It counts this process's
 * threads and its child processes, since the PDF writer runs Typst in one of its own.
 */

/** A reading of the CPU time used so far, to give `cpuMsSince`. */
export interface CpuMark {
  own: NodeJS.CpuUsage;
  childrenMs: number;
}

export function cpuMark(): CpuMark {
  return { own: process.cpuUsage(), childrenMs: childrenCpuMs() };
}

/** The CPU time, in milliseconds, this process (every thread) and its child processes used since `mark`. */
export function cpuMsSince(mark: CpuMark): number {
  const { user, system } = process.cpuUsage(mark.own);
  return (user + system) / 1000 + childrenCpuMs() - mark.childrenMs;
}

// Linux counts /proc times in clock ticks of 10 ms (USER_HZ 100).
const TICK_MS = 10;

interface ProcStat {
  pid: number;
  parent: number;
  /** Its own CPU ticks, user and system. */
  own: number;
  /** The CPU ticks of its children that have ended and been waited for. */
  ended: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "pid (command) ": state, ppid, … utime (14th field), stime, cutime, cstime.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ").map(Number);
    return { pid, parent: fields[1]!, own: fields[11]! + fields[12]!, ended: fields[13]! + fields[14]! };
  } catch {
    return undefined; // it ended while the list was read
  }
}

/** The CPU time, in milliseconds, one process (another's, such as a test's server) has used so far, every thread counted. */
export function processCpuMs(pid: number): number {
  const stat = readStat(pid);
  if (!stat) throw new Error(`no process ${pid}`);
  return (stat.own + stat.ended) * TICK_MS;
}

/** The child processes' CPU time: those still running or not yet waited for, read from /proc, and those ended (this process's cutime and cstime). */
function childrenCpuMs(): number {
  if (process.platform !== "linux") return 0;
  const stats = readdirSync("/proc").filter((name) => /^\d+$/.test(name)).flatMap((name) => readStat(Number(name)) ?? []);
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) {
    const siblings = children.get(stat.parent);
    if (siblings) siblings.push(stat);
    else children.set(stat.parent, [stat]);
  }
  let ticks = stats.find((stat) => stat.pid === process.pid)?.ended ?? 0;
  const pending = [...(children.get(process.pid) ?? [])];
  for (let next = pending.pop(); next; next = pending.pop()) {
    ticks += next.own + next.ended;
    pending.push(...(children.get(next.pid) ?? []));
  }
  return ticks * TICK_MS;
}
