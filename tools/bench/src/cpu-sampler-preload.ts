import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import * as path from 'node:path';

/**
 * Preloaded into each service of a stack by `BENCH_PROFILE_DIR=<dir> npm run bench:api` (NODE_OPTIONS
 * `--require`; `--cpu-prof` is refused there): samples the CPU every millisecond from start. On
 * SIGUSR2 it writes what it sampled since the last signal to `<dir>/<label>-<app>-<pid>.cpuprofile`,
 * the label being the first line of `<dir>/label` (the bench writes the phase's name there before it
 * signals), and samples on. The app is the one `apps/<app>/dist/main.js` names.
 */
const directory = process.env.BENCH_PROFILE_DIR;
const app = /apps\/([^/]+)\/dist\/main\.js$/.exec(process.argv[1] ?? '')?.[1];

if (directory && app) {
  const session = new Session();
  session.connect();
  const start = () =>
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 1000 }, () => session.post('Profiler.start')),
    );
  start();
  process.on('SIGUSR2', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) {
        const label = readFileSync(path.join(directory, 'label'), 'utf8').split('\n')[0]?.trim() || 'unlabelled';
        writeFileSync(path.join(directory, `${label}-${app}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
      }
      session.post('Profiler.start');
    });
  });
}
