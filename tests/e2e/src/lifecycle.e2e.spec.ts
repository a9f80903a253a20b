import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { freePort } from '@kyc/stack';
import { ApiClient } from './api-client';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const START_SCRIPT = path.join(REPO_ROOT, 'packages/stack/dist/cli/start.js');

interface Launched {
  child: ChildProcess;
  output: () => string;
}

function launch(port: number, dataDir: string): Launched {
  let output = '';
  const child = spawn(process.execPath, [START_SCRIPT], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), KYC_DATA_DIR: dataDir, LOG_LEVEL: 'warn', KAFKA_BROKERS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function waitUntilReady(launched: Launched): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (launched.output().includes('[stack] ready')) return;
    if (launched.child.exitCode !== null) throw new Error(`the stack exited: ${launched.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the stack did not start: ${launched.output().slice(-2000)}`);
}

function processesUsing(dataDir: string): string[] {
  const listing = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return listing.split('\n').filter((line) => line.includes(dataDir) && !line.includes('ps -eo'));
}

/** `npm start` as a user runs it: Ctrl-C stops everything within 10 s; the next start reuses the data. */
describe('the stack launcher', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-lifecycle-'));
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops everything on SIGTERM within 10 s and restarts on the same data', async () => {
    const port = await freePort();
    const first = launch(port, dataDir);
    await waitUntilReady(first);
    const credentials = JSON.parse(readFileSync(path.join(dataDir, 'dev-credentials.json'), 'utf8'));
    expect(credentials).toEqual({
      projectId: expect.any(String),
      adminToken: expect.stringMatching(/^adm_/),
      baseUrl: `http://127.0.0.1:${port}`,
      environments: {
        test: { secretKey: expect.stringMatching(/^sk_test_/), publishableKey: expect.stringMatching(/^pk_test_/) },
        sandbox: { secretKey: expect.stringMatching(/^sk_sandbox_/), publishableKey: expect.stringMatching(/^pk_sandbox_/) },
        live: { secretKey: expect.stringMatching(/^sk_live_/), publishableKey: expect.stringMatching(/^pk_live_/) },
      },
      // One operator per role, for the dashboard (e-mail + password) and the CLI (token).
      operators: (['admin', 'reviewer', 'read_only'] as const).map((role) => ({
        id: expect.any(String),
        email: `${role.replace('_', '-')}@kyc.local`,
        password: expect.stringMatching(/^[\w-]{24}$/),
        role,
        token: expect.stringMatching(/^opk_/),
      })),
    });
    expect(first.output()).toContain(`operator reviewer: reviewer@kyc.local / ${credentials.operators[1].password}`);
    const api = new ApiClient(`http://127.0.0.1:${port}`);
    const sk = credentials.environments.test.secretKey;
    const created = await api.createSession(sk, { clientMetadata: { email: 'alice.approved@example.com' } });
    expect(created.status).toBe(201);
    expect(processesUsing(dataDir).length).toBeGreaterThan(0);

    const stopping = Date.now();
    first.child.kill('SIGTERM');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(Date.now() - stopping).toBeLessThan(10_000);
    expect(first.child.exitCode).toBe(0);
    expect(processesUsing(dataDir)).toEqual([]);

    const second = launch(port, dataDir);
    await waitUntilReady(second);
    expect(second.output()).not.toContain('created the default project');
    expect(second.output()).not.toContain('operator admin:');
    expect(JSON.parse(readFileSync(path.join(dataDir, 'dev-credentials.json'), 'utf8')).operators).toEqual(credentials.operators);
    const reviewerToken = credentials.operators[1].token;
    expect((await api.request('GET', '/admin/v1/projects', { key: reviewerToken })).status).toBe(200);
    expect((await api.request('POST', '/admin/v1/projects', { key: reviewerToken, json: { name: 'x' } })).status).toBe(403);
    const read = await api.request('GET', `/v1/sessions/${created.body.id}`, { key: sk });
    expect(read.status).toBe(200);
    second.child.kill('SIGINT');
    await new Promise((resolve) => second.child.once('exit', resolve));
    expect(processesUsing(dataDir)).toEqual([]);
  }, 200_000);
});
