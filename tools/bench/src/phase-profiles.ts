import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { type CpuProfile, callTree, flameGraph, summarise } from './cpu-profile-report';

/**
 * CPU profiles of a stack's services per bench phase (`BENCH_PROFILE_DIR=<dir>`): the services run
 * with cpu-sampler-preload.js, and `mark(label)` has each of them write what it sampled since the
 * last mark as `<label>-<app>-<pid>.cpuprofile`, then summarises each file as `.md` (self time by
 * package and function) and `.svg` (flame graph) beside it.
 */
export interface PhaseProfiler {
  /** Ends the phase `label`: every service writes its profile of it; `keep: false` discards them (a warm-up). */
  mark(label: string, options?: { keep?: boolean }): Promise<string[]>;
}

/** The env that makes a stack's services sample (NODE_OPTIONS is how a preload reaches them). */
export function profilingEnv(directory: string): Record<string, string> {
  mkdirSync(directory, { recursive: true });
  const preload = path.join(__dirname, 'cpu-sampler-preload.js');
  return { BENCH_PROFILE_DIR: directory, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${preload}`.trim() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function phaseProfiler(directory: string, pids: readonly number[], title: (label: string, file: string) => string): PhaseProfiler {
  return {
    async mark(label, { keep = true } = {}) {
      writeFileSync(path.join(directory, 'label'), `${label}\n`);
      for (const pid of pids) process.kill(pid, 'SIGUSR2');
      const expected = pids.map((pid) => new RegExp(`^${label}-[a-z]+-${pid}\\.cpuprofile$`));
      let files: string[] = [];
      for (let waited = 0; waited < 10_000; waited += 100) {
        files = readdirSync(directory).filter((file) => expected.some((pattern) => pattern.test(file)));
        if (files.length === pids.length) break;
        await sleep(100);
      }
      const written = files.map((file) => path.join(directory, file));
      if (!keep) {
        for (const file of written) rmSync(file, { force: true });
        return [];
      }
      for (const file of written) {
        const base = file.replace(/\.cpuprofile$/, '');
        const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
        const heading = title(label, path.basename(base));
        writeFileSync(`${base}.md`, summarise(profile, heading));
        writeFileSync(`${base}.svg`, flameGraph(callTree(profile), heading));
      }
      return written.filter((file) => existsSync(file));
    },
  };
}
