import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';

/**
 * CPU time per request of each process of a stack the bench started (bench:api): utime + stime of
 * /proc/<pid>/stat, sampled before and after a phase, the difference divided by the requests served.
 * The machine is shared, so req/s moves with the neighbours' load; CPU per request moves much less.
 */

/** The fields of /proc/<pid>/stat we read (proc(5)); times in clock ticks. */
export interface ProcStat {
  pid: number;
  comm: string;
  state: string;
  ppid: number;
  /** Field 14: user time. */
  utime: number;
  /** Field 15: system time. */
  stime: number;
  /** Field 16: user time of the children it waited for (exited and reaped). */
  cutime: number;
  /** Field 17: system time of the children it waited for. */
  cstime: number;
}

/**
 * One /proc/<pid>/stat line. comm (field 2) is in parentheses and may itself hold spaces and
 * parentheses (`(a) b (c)`), so the fields after it are read from after the last ')'.
 */
export function parseProcStat(line: string): ProcStat {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a /proc/<pid>/stat line: ${line.slice(0, 80)}`);
  const pid = Number(line.slice(0, open).trim());
  // rest[0] is field 3 (state), so field n is rest[n - 3].
  const rest = line
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const field = (n: number) => {
    const value = Number(rest[n - 3]);
    if (!Number.isInteger(value)) throw new Error(`/proc/${pid}/stat: field ${n} is "${rest[n - 3]}", not a whole number`);
    return value;
  };
  if (!Number.isInteger(pid)) throw new Error(`/proc/<pid>/stat: pid is "${line.slice(0, open).trim()}"`);
  return {
    pid,
    comm: line.slice(open + 1, close),
    state: rest[0],
    ppid: field(4),
    utime: field(14),
    stime: field(15),
    cutime: field(16),
    cstime: field(17),
  };
}

/** Clock ticks per second of the times in /proc/<pid>/stat (`getconf CLK_TCK`, 100 almost everywhere). */
export function clockTicksPerSecond(): number {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isInteger(ticks) && ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
}

/** Whether this machine has a Linux /proc to read the figures from. */
export const procAvailable = (procDir = '/proc') => existsSync(path.join(procDir, 'self', 'stat'));

/** Every process now, by pid (one that exits while we read is left out). */
export function readProcessTable(procDir = '/proc'): Map<number, ProcStat> {
  const table = new Map<number, ProcStat>();
  for (const entry of readdirSync(procDir)) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parseProcStat(readFileSync(path.join(procDir, entry, 'stat'), 'utf8'));
      table.set(stat.pid, stat);
    } catch {
      // Gone between readdir and read.
    }
  }
  return table;
}

/**
 * CPU ticks of each group: for every root and every live descendant, utime + stime, plus cutime +
 * cstime (the children each has reaped). A PostgreSQL backend that exits mid-phase thus still counts:
 * its time moves from its own utime to the postmaster's cutime, and the sum stays continuous.
 */
export function groupTicks(table: Map<number, ProcStat>, roots: Record<string, number[]>): Record<string, number> {
  const children = new Map<number, number[]>();
  for (const stat of table.values()) {
    const siblings = children.get(stat.ppid);
    if (siblings) siblings.push(stat.pid);
    else children.set(stat.ppid, [stat.pid]);
  }
  const ticks: Record<string, number> = {};
  for (const [group, pids] of Object.entries(roots)) {
    const seen = new Set<number>();
    const queue = pids.filter((pid) => table.has(pid));
    let sum = 0;
    while (queue.length) {
      const pid = queue.pop()!;
      if (seen.has(pid)) continue;
      seen.add(pid);
      const stat = table.get(pid)!;
      sum += stat.utime + stat.stime + stat.cutime + stat.cstime;
      queue.push(...(children.get(pid) ?? []));
    }
    ticks[group] = sum;
  }
  return ticks;
}

/** The PostgreSQL postmaster started with `-D <clusterDir>` (its backends rewrite their cmdline, it keeps it). */
export function findPostmaster(clusterDir: string, procDir = '/proc'): number | undefined {
  const wanted = path.resolve(clusterDir);
  for (const entry of readdirSync(procDir)) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(path.join(procDir, entry, 'cmdline'), 'utf8').split('\0');
      const d = args.indexOf('-D');
      if (d >= 0 && path.basename(args[0]) === 'postgres' && path.resolve(args[d + 1] ?? '') === wanted) return Number(entry);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return undefined;
}

/** Cumulative CPU milliseconds of each group of processes and of this (the load-generating) process. */
export interface CpuSample {
  groups: Record<string, number>;
  bench: number;
}

/** Reads /proc for the process trees of `roots` (by group name) and this process's own CPU. */
export function sampleCpu(roots: Record<string, number[]>, ticksPerSecond: number, procDir = '/proc'): CpuSample {
  const ticks = groupTicks(readProcessTable(procDir), roots);
  const { user, system } = process.cpuUsage();
  return {
    groups: Object.fromEntries(Object.entries(ticks).map(([group, t]) => [group, (t * 1000) / ticksPerSecond])),
    bench: (user + system) / 1000,
  };
}

/** CPU milliseconds per request of a phase, each group's, their total, and the load generator's. */
export interface CpuPerRequest {
  requests: number;
  /** CPU ms per request by group (gateway, session, …, postgres). */
  perRequest: Record<string, number>;
  /** Sum over the groups. */
  all: number;
  /** This process (autocannon, or the verification workers' fetch). */
  bench: number;
  /** CPU ms of the whole phase by group, to check the per-request figures against. */
  totalMs: Record<string, number>;
}

const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;

/** (after − before) / requests for every group of `before`; null when no request was served. */
export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): CpuPerRequest | null {
  if (!(requests > 0)) return null;
  const totalMs: Record<string, number> = {};
  const perRequest: Record<string, number> = {};
  let all = 0;
  for (const group of Object.keys(before.groups)) {
    const spent = (after.groups[group] ?? 0) - before.groups[group];
    if (spent < 0) throw new Error(`CPU time of ${group} went backwards (${before.groups[group]} → ${after.groups[group]} ms)`);
    totalMs[group] = round(spent, 1);
    perRequest[group] = round(spent / requests);
    all += spent;
  }
  return { requests, perRequest, all: round(all / requests), bench: round((after.bench - before.bench) / requests), totalMs };
}

/** Groups the stack's pids (`document#2` is document's second replica) by app name. */
export function pidsByApp(pids: Record<string, number | undefined>): Record<string, number[]> {
  const byApp: Record<string, number[]> = {};
  for (const [name, pid] of Object.entries(pids)) {
    if (pid === undefined) continue;
    (byApp[name.split('#')[0]] ??= []).push(pid);
  }
  return byApp;
}
