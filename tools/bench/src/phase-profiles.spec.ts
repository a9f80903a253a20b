import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { phaseProfiler } from './phase-profiles';

/**
 * A stand-in service that answers SIGUSR2 the way cpu-sampler-preload.js does: it writes a small
 * CPU profile named `<label>-demo-<pid>.cpuprofile`, the label read from `<dir>/label`.
 */
const FAKE_SERVICE = `
const fs = require('node:fs'); const path = require('node:path'); const dir = process.argv[1];
process.on('SIGUSR2', () => {
  const label = fs.readFileSync(path.join(dir, 'label'), 'utf8').split('\\n')[0];
  const profile = { nodes: [
    { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 }, hitCount: 0, children: [2] },
    { id: 2, callFrame: { functionName: 'handle', url: 'file:///x/apps/demo/dist/main.js', lineNumber: 3 }, hitCount: 3 } ],
    startTime: 0, endTime: 3000, samples: [2, 2, 2], timeDeltas: [1000, 1000, 1000] };
  fs.writeFileSync(path.join(dir, label + '-demo-' + process.pid + '.cpuprofile'), JSON.stringify(profile));
});
process.stdout.write('ready\\n');
setInterval(() => {}, 1000);
`;

describe('phaseProfiler', () => {
  let directory: string;
  let services: ChildProcess[];

  beforeEach(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'kyc-phase-profiles-'));
    services = [0, 1].map(() => spawn(process.execPath, ['-e', FAKE_SERVICE, directory], { stdio: ['ignore', 'pipe', 'inherit'] }));
    await Promise.all(services.map((child) => new Promise((resolve) => child.stdout!.once('data', resolve))));
  });

  afterEach(() => {
    for (const child of services) child.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
  });

  it("collects every service's profile of a phase under its label, with a summary and a flame graph beside each", async () => {
    const profiler = phaseProfiler(
      directory,
      services.map((child) => child.pid!),
      (label, file) => `${label}: ${file}`,
    );
    const files = await profiler.mark('N1-get-open');
    expect(files.map((file) => path.basename(file)).sort()).toEqual(
      services.map((child) => `N1-get-open-demo-${child.pid}.cpuprofile`).sort(),
    );
    for (const file of files) {
      const base = file.replace(/\.cpuprofile$/, '');
      expect(readFileSync(`${base}.md`, 'utf8')).toContain(`N1-get-open: ${path.basename(base)}`);
      expect(readFileSync(`${base}.md`, 'utf8')).toContain('handle');
      expect(readFileSync(`${base}.svg`, 'utf8')).toMatch(/^<svg/);
    }
  });

  it('discards a warm-up and labels the next phase apart', async () => {
    const profiler = phaseProfiler(
      directory,
      services.map((child) => child.pid!),
      (label) => label,
    );
    await expect(profiler.mark('N1-warm-up', { keep: false })).resolves.toEqual([]);
    expect(readdirSync(directory).filter((file) => file.startsWith('N1-warm-up'))).toEqual([]);
    const files = await profiler.mark('N1-verifications');
    expect(files).toHaveLength(2);
    expect(files.every((file) => path.basename(file).startsWith('N1-verifications-demo-') && existsSync(file))).toBe(true);
  });
});
