import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ServiceProcessOptions {
  name: string;
  script: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** Modules loaded with `node --require` before the script (the tracing preload). */
  preload?: readonly string[];
}

/** One Node process of the stack, its output forwarded line by line. */
export class ServiceProcess {
  private readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  private stopping = false;

  constructor(readonly options: ServiceProcessOptions) {
    const preload = (options.preload ?? []).flatMap((module) => ['--require', module]);
    this.child = spawn(process.execPath, [...preload, options.script], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [this.child.stdout, this.child.stderr]) {
      if (stream) createInterface({ input: stream }).on('line', (line) => options.log(line));
    }
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  /** The OS process id, for tooling that samples a service's memory (bench:pipeline). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** SIGTERM, then SIGKILL if it has not exited within the grace period. */
  async stop(graceMs = 4_000): Promise<void> {
    this.stopping = true;
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Runs a script to completion (a migration step); rejects with its output on failure. */
export function runToCompletion(options: Omit<ServiceProcessOptions, 'log'>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.script], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) =>
      code === 0 ? resolve(output.trim()) : reject(new Error(`${options.name}: exit ${code}: ${output.trim()}`)),
    );
  });
}
