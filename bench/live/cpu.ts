/**
 * CPU time, which a busy machine does not inflate the way it does wall-clock time: the n8n server's own
 * (its process and every process under it: task runners, workers started as its children) read from
 * /proc/<pid>/stat, and the machine's load beside every figure, so a reader can tell which figures were
 * taken while other work shared the cores.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** utime, stime, cutime, cstime and the parent pid of a process, or undefined once it is gone. */
function statOf(pid: number): { ppid: number; ticks: number; waited: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces; the fields after it are fixed.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      waited: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return undefined;
  }
}

/** `root` and its descendants now. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = statOf(pid);
    if (stat) (children.get(stat.ppid) ?? children.set(stat.ppid, []).get(stat.ppid)!).push(pid);
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index += 1) tree.push(...(children.get(tree[index]) ?? []));
  return tree;
}

/** CPU seconds spent by `roots` and everything under them (children already ended count through cutime). */
export function treeCpuSeconds(roots: number[]): number {
  let ticks = 0;
  for (const root of roots) {
    for (const pid of processTree(root)) {
      const stat = statOf(pid);
      if (stat) ticks += stat.ticks + (pid === root ? stat.waited : 0);
    }
  }
  return ticks / TICKS;
}

/** Busy and total jiffies of the whole machine (/proc/stat's first line). */
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

export interface LoadReading {
  /** The 1-minute load average at the end. */
  loadavg: number;
  /** Cores kept busy by processes other than `ours` over the interval (of os.cpus().length). */
  othersCores: number;
  seconds: number;
}

/** Starts reading the machine's load; `stop()` gives it for the interval, with `ours` (pids) taken out. */
export function loadMeter(ours: () => number[]) {
  const started = { machine: machineTicks(), ours: treeCpuSeconds(ours()), at: Date.now() };
  return {
    stop(): LoadReading {
      const machine = machineTicks();
      const seconds = (Date.now() - started.at) / 1000;
      const busySeconds = (machine.busy - started.machine.busy) / TICKS;
      const oursSeconds = treeCpuSeconds(ours()) - started.ours;
      return {
        loadavg: os.loadavg()[0],
        othersCores: Math.max(0, busySeconds - oursSeconds) / Math.max(seconds, 0.001),
        seconds,
      };
    },
  };
}

export const loadText = (load: LoadReading) =>
  `load ${load.loadavg.toFixed(1)}, other processes ${load.othersCores.toFixed(2)} of ${os.cpus().length} cores`;
