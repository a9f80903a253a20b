import { type CpuSample, type ProcStat, cpuPerRequest, groupTicks, parseProcStat, pidsByApp } from './process-cpu';

// A real line's shape (proc(5)): pid (comm) state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt
// utime stime cutime cstime priority nice num_threads …
const statLine = (pid: number, comm: string, ppid: number, utime: number, stime: number, cutime = 0, cstime = 0) =>
  `${pid} (${comm}) S ${ppid} ${pid} ${pid} 0 -1 4194560 1523 0 0 0 ${utime} ${stime} ${cutime} ${cstime} 20 0 11 0 1234 1064960000 12345 18446744073709551615`;

describe(parseProcStat.name, () => {
  it('reads state, ppid and fields 14 to 17', () => {
    expect(parseProcStat(statLine(4242, 'node', 17, 1234, 56, 7, 8))).toEqual({
      pid: 4242,
      comm: 'node',
      state: 'S',
      ppid: 17,
      utime: 1234,
      stime: 56,
      cutime: 7,
      cstime: 8,
    });
  });

  it('reads the fields after the last ")", whatever comm holds', () => {
    const stat = parseProcStat(statLine(99, 'a) S 1 2 (b c', 5, 300, 40));
    expect(stat.comm).toBe('a) S 1 2 (b c');
    expect([stat.ppid, stat.utime, stat.stime]).toEqual([5, 300, 40]);
    expect(parseProcStat(statLine(7, 'postgres: kyc kyc 127.0.0.1(5432) idle', 6, 11, 3)).utime).toBe(11);
  });

  it('refuses a line that is not one', () => {
    expect(() => parseProcStat('garbage')).toThrow(/not a \/proc/);
    expect(() => parseProcStat('12 (node) S 1 2')).toThrow(/field 14/);
  });
});

describe(groupTicks.name, () => {
  const table = (...stats: ProcStat[]) => new Map(stats.map((s) => [s.pid, s]));
  it('sums each root with its descendants, the children they reaped included, and nothing else', () => {
    const processes = table(
      parseProcStat(statLine(10, 'postgres', 1, 100, 20, 50, 5)), // postmaster, 55 ticks of exited backends
      parseProcStat(statLine(11, 'postgres', 10, 30, 10)),
      parseProcStat(statLine(12, 'postgres', 10, 7, 3)),
      parseProcStat(statLine(20, 'node', 1, 500, 40)), // gateway
      parseProcStat(statLine(21, 'node', 1, 200, 10)), // document
      parseProcStat(statLine(22, 'node', 1, 300, 20)), // document#2
      parseProcStat(statLine(30, 'bash', 1, 999, 999)), // not the stack's
    );
    expect(groupTicks(processes, { postgres: [10], gateway: [20], document: [21, 22], gone: [40] })).toEqual({
      postgres: 100 + 20 + 55 + 40 + 10,
      gateway: 540,
      document: 530,
      gone: 0,
    });
  });
});

describe(cpuPerRequest.name, () => {
  const sample = (groups: Record<string, number>, bench: number): CpuSample => ({ groups, bench });
  it('divides each group’s CPU milliseconds of the phase by the requests served', () => {
    const figures = cpuPerRequest(
      sample({ gateway: 1000, session: 500, postgres: 2000 }, 300),
      sample({ gateway: 3500, session: 1500, postgres: 4000 }, 1300),
      10_000,
    );
    expect(figures).toEqual({
      requests: 10_000,
      perRequest: { gateway: 0.25, session: 0.1, postgres: 0.2 },
      all: 0.55,
      bench: 0.1,
      totalMs: { gateway: 2500, session: 1000, postgres: 2000 },
    });
  });

  it('has no figure for a phase that served nothing, and refuses time that went backwards', () => {
    expect(cpuPerRequest(sample({ gateway: 1 }, 0), sample({ gateway: 2 }, 0), 0)).toBeNull();
    expect(() => cpuPerRequest(sample({ gateway: 10 }, 0), sample({ gateway: 5 }, 0), 3)).toThrow(/backwards/);
  });
});

describe(pidsByApp.name, () => {
  it('puts the replicas of a service together', () => {
    expect(pidsByApp({ session: 5, 'session#2': 6, gateway: 7, document: undefined })).toEqual({ session: [5, 6], gateway: [7] });
  });
});
