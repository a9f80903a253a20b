import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { checkGrpcHealth, generateServiceKeySet } from '@kyc/grpc';
import { createLogger } from '@kyc/logger';
import { freePort, withServiceDatabase } from '@kyc/testing';
import type { FastifyInstance } from 'fastify';
import { loadGatewayConfig } from '../config';
import { createHttpServer, listenAdmin } from '../http-server';
import { createGatewayDataSource } from '../infrastructure/data-source';

/**
 * Admin access over HTTP (issue 26, item 9): the gateway in process, the real session service as
 * its own process (built dist/main.js, where operators and the audit log live), one real
 * PostgreSQL for both schemas. Each role against a representative route set, the reviewer's
 * identity on a decision, the audit log (API and the real CLI), failed-auth throttling and the
 * separate admin listener.
 */
const SESSION_DIST = path.resolve(__dirname, '../../../session/dist');
const ADMIN_CLI = path.resolve(__dirname, '../../../../packages/admin-cli/dist/main.js');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const run = promisify(execFile);

type Role = 'admin' | 'reviewer' | 'read_only';

describe('admin access: operators, roles, audit log, throttling', () => {
  const database = withServiceDatabase(createGatewayDataSource);
  const bootstrapToken = `adm_${'b'.repeat(40)}`;
  const identities = generateServiceKeySet();
  let sessionService: ChildProcess;
  let sessionGrpcUrl: string;
  let app: NestFastifyApplication;
  let http: FastifyInstance;
  let projectId: string;
  let testSecretKey: string;
  const operators = {} as Record<Role, { id: string; token: string; password: string }>;

  const configFor = (extra: Record<string, string> = {}) =>
    loadGatewayConfig({
      DATABASE_URL: database.url,
      ADMIN_TOKEN: bootstrapToken,
      EMBED_TOKEN_SECRET: 's'.repeat(40),
      SESSION_GRPC_URL: sessionGrpcUrl,
      LOG_LEVEL: 'silent',
      ...identities.env('gateway'),
      ...extra,
    });

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    options: { token?: string | null; body?: unknown; ip?: string; headers?: Record<string, string> } = {},
  ) => {
    const token = options.token === undefined ? bootstrapToken : options.token;
    const response = await http.inject({
      method,
      url,
      remoteAddress: options.ip ?? '127.0.0.1',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    });
    return { status: response.statusCode, headers: response.headers, body: response.json() };
  };

  beforeAll(async () => {
    const env = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn', KAFKA_BROKERS: '' };
    await run(process.execPath, [path.join(SESSION_DIST, 'migrate.js')], { env });
    sessionGrpcUrl = `127.0.0.1:${await freePort()}`;
    sessionService = spawn(process.execPath, [path.join(SESSION_DIST, 'main.js')], {
      env: {
        ...env,
        GRPC_URL: sessionGrpcUrl,
        EMBED_TOKEN_SECRET: 's'.repeat(40),
        DUPLICATE_KEY_SECRET: 'd'.repeat(40),
        // The retention sweep every second, for the read of a cleared session below.
        RETENTION_SWEEP_INTERVAL_MS: '1000',
        ...identities.env('session'),
      },
      stdio: 'ignore',
    });
    for (let tries = 0; !(await checkGrpcHealth(sessionGrpcUrl, 500)); tries++) {
      if (tries > 100) throw new Error('the session service did not become healthy');
      await sleep(200);
    }
    app = await createHttpServer(configFor(), database.dataSource, createLogger('gateway-test', 'silent'));
    await app.init();
    http = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    await http.ready();

    for (const role of ['admin', 'reviewer', 'read_only'] as const) {
      const created = await call('POST', '/admin/v1/operators', { body: { email: `${role}@ops.example.com`, role } });
      expect(created.status).toBe(201);
      operators[role] = { id: created.body.operator.id, token: created.body.token, password: created.body.password };
    }
    const project = await call('POST', '/admin/v1/projects', { token: operators.admin.token, body: { name: 'Admin access' } });
    expect(project.status).toBe(201);
    projectId = project.body.project.id;
    testSecretKey = project.body.keys.test.secretKey;
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    sessionService?.kill('SIGTERM');
  });

  it('answers operators:create with a token and a password shown once, and lists operators without them', async () => {
    const listed = await call('GET', '/admin/v1/operators', { token: operators.admin.token });
    expect(listed.status).toBe(200);
    const reviewer = listed.body.operators.find((o: { id: string }) => o.id === operators.reviewer.id);
    expect(reviewer).toEqual({
      id: operators.reviewer.id,
      email: 'reviewer@ops.example.com',
      role: 'reviewer',
      status: 'active',
      createdAt: expect.any(String),
      disabledAt: null,
      createdBy: 'bootstrap',
    });
    expect(JSON.stringify(listed.body)).not.toContain(operators.reviewer.token);
    expect(operators.reviewer.token).toMatch(/^opk_/);
    expect(operators.reviewer.password).toHaveLength(24);
    const me = await call('GET', '/admin/v1/operators/me', { token: operators.read_only.token });
    expect(me.body).toEqual({ id: operators.read_only.id, role: 'read_only', bootstrap: false });
  });

  describe('each role against a representative route set', () => {
    const sessionsUrl = () => `/admin/v1/projects/${projectId}/sessions`;
    const routes: {
      name: string;
      method: 'GET' | 'POST' | 'PUT' | 'PATCH';
      url: () => string;
      body?: unknown;
      allowed: Role[];
      status: number;
    }[] = [
      { name: 'list projects', method: 'GET', url: () => '/admin/v1/projects', allowed: ['admin', 'reviewer', 'read_only'], status: 200 },
      { name: 'list sessions', method: 'GET', url: sessionsUrl, allowed: ['admin', 'reviewer', 'read_only'], status: 200 },
      {
        name: 'read settings',
        method: 'GET',
        url: () => `/admin/v1/projects/${projectId}/environments/sandbox/settings`,
        allowed: ['admin', 'reviewer', 'read_only'],
        status: 200,
      },
      {
        name: 'read the audit log',
        method: 'GET',
        url: () => '/admin/v1/audit-log',
        allowed: ['admin', 'reviewer', 'read_only'],
        status: 200,
      },
      // The decision itself: allowed for reviewers (409 here: the session is not in review), refused for read_only.
      {
        name: 'decide a review',
        method: 'POST',
        url: () => `${sessionsUrl()}/${randomUUID()}/review`,
        body: { decision: 'approve' },
        allowed: ['admin', 'reviewer'],
        status: 404,
      },
      {
        name: 'create a project',
        method: 'POST',
        url: () => '/admin/v1/projects',
        body: { name: 'Another' },
        allowed: ['admin'],
        status: 201,
      },
      { name: 'approve a project', method: 'POST', url: () => `/admin/v1/projects/${projectId}/approve`, allowed: ['admin'], status: 200 },
      {
        name: 'change settings',
        method: 'PATCH',
        url: () => `/admin/v1/projects/${projectId}/environments/sandbox/settings`,
        body: { allowManualUpload: false },
        allowed: ['admin'],
        status: 200,
      },
      {
        name: 'rotate keys',
        method: 'POST',
        url: () => `/admin/v1/projects/${projectId}/environments/live/keys/rotate`,
        allowed: ['admin'],
        status: 200,
      },
      { name: 'list operators', method: 'GET', url: () => '/admin/v1/operators', allowed: ['admin'], status: 200 },
      {
        name: 'create an operator',
        method: 'POST',
        url: () => '/admin/v1/operators',
        body: { email: `op-${randomUUID()}@ops.example.com`, role: 'read_only' },
        allowed: ['admin'],
        status: 201,
      },
    ];

    it.each(routes.flatMap((route) => (['admin', 'reviewer', 'read_only'] as const).map((role) => [route.name, role, route] as const)))(
      '%s as %s',
      async (_name, role, route) => {
        const keysBefore = (await call('GET', `/admin/v1/projects/${projectId}/keys`)).body;
        const response = await call(route.method, route.url(), { token: operators[role].token, body: route.body });
        if (route.allowed.includes(role)) {
          expect(response.status).toBe(route.status);
          return;
        }
        expect(response.status).toBe(403);
        expect(response.body).toEqual({
          statusCode: 403,
          error: 'Forbidden',
          errorCode: 'FORBIDDEN',
          message: expect.stringContaining(`The ${role} role may not call`),
          timestamp: expect.any(String),
        });
        // Refused means nothing changed.
        expect((await call('GET', `/admin/v1/projects/${projectId}/keys`)).body).toEqual(keysBefore);
      },
    );

    it('refuses a call without a credential, with a wrong one and with a disabled operator, 401 in the admin format', async () => {
      expect((await call('GET', '/admin/v1/projects', { token: null, ip: '10.1.0.1' })).body).toMatchObject({
        statusCode: 401,
        errorCode: 'UNAUTHENTICATED',
      });
      expect((await call('GET', '/admin/v1/projects', { token: `opk_${'x'.repeat(43)}`, ip: '10.1.0.1' })).status).toBe(401);
      const created = await call('POST', '/admin/v1/operators', { body: { email: 'leaving@ops.example.com', role: 'admin' } });
      expect((await call('GET', '/admin/v1/projects', { token: created.body.token })).status).toBe(200);
      const disabled = await call('POST', `/admin/v1/operators/${created.body.operator.id}/disable`, { token: operators.admin.token });
      expect(disabled.body).toMatchObject({ status: 'disabled', disabledAt: expect.any(String) });
      expect((await call('GET', '/admin/v1/projects', { token: created.body.token, ip: '10.1.0.2' })).status).toBe(401);
    });
  });

  it("records the reviewer's identity from the credential, not from the body", async () => {
    const created = await http.inject({
      method: 'POST',
      url: '/v1/sessions',
      headers: { authorization: `Bearer ${testSecretKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ clientMetadata: { email: 'alice.approved@example.com' } }),
    });
    expect(created.statusCode).toBe(201);
    const sessionId = created.json().id as string;
    // Put the session in manual_review as a scoring run would (the pipeline that gets there is the e2e suites' business).
    const attemptId = randomUUID();
    await database.dataSource.query(
      `INSERT INTO session.attempts (id, session_id, status, confidence) VALUES ($1, $2, 'manual_review', 0.5)`,
      [attemptId, sessionId],
    );
    await database.dataSource.query(`UPDATE session.sessions SET status = 'manual_review', latest_attempt_id = $2 WHERE id = $1`, [
      sessionId,
      attemptId,
    ]);

    const readOnly = await call('POST', `/admin/v1/projects/${projectId}/sessions/${sessionId}/review`, {
      token: operators.read_only.token,
      body: { decision: 'reject', reason: 'document unreadable' },
    });
    expect(readOnly.status).toBe(403);
    const decided = await call('POST', `/admin/v1/projects/${projectId}/sessions/${sessionId}/review`, {
      token: operators.reviewer.token,
      body: { decision: 'reject', reason: 'document unreadable', reviewer: 'somebody else' },
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ sessionId, status: 'rejected', verificationAttemptId: attemptId });
    const [attempt] = await database.dataSource.query(`SELECT reviewed_by, status FROM session.attempts WHERE id = $1`, [attemptId]);
    expect(attempt).toEqual({ reviewed_by: operators.reviewer.id, status: 'rejected' });

    const entries = (await call('GET', `/admin/v1/audit-log?operatorId=${operators.reviewer.id}&action=sessions.review`)).body.entries;
    expect(entries[0]).toMatchObject({
      operatorId: operators.reviewer.id,
      operatorRole: 'reviewer',
      action: 'sessions.review',
      target: `project:${projectId} session:${sessionId}`,
      outcome: 'succeeded',
      statusCode: 200,
      channel: 'api',
    });
    const denied = (await call('GET', `/admin/v1/audit-log?operatorId=${operators.read_only.id}&action=sessions.review`)).body.entries;
    expect(denied[0]).toMatchObject({
      operatorRole: 'read_only',
      outcome: 'denied',
      statusCode: 403,
      target: `project:${projectId} session:${sessionId}`,
    });
  });

  it('keeps an audit entry per admin call, newest first, with the request id, filtered and paged', async () => {
    const marker = await call('PATCH', `/admin/v1/projects/${projectId}/environments/sandbox/settings`, {
      token: operators.admin.token,
      body: { poaMaxAgeMonths: 6 },
    });
    const refused = await call('PUT', `/admin/v1/projects/${projectId}/environments/sandbox/trial`, {
      token: operators.reviewer.token,
      body: { trialRemaining: 5 },
    });
    expect(refused.status).toBe(403);
    const page = await call('GET', '/admin/v1/audit-log?limit=2');
    expect(page.body.entries.map((e: { action: string }) => e.action)).toEqual(['balance.set_trial', 'settings.update']);
    expect(page.body.entries[1]).toMatchObject({
      operatorId: operators.admin.id,
      requestId: marker.headers['x-request-id'],
      target: `project:${projectId} environment:sandbox`,
      outcome: 'succeeded',
    });
    expect(page.body.entries[0]).toMatchObject({
      operatorId: operators.reviewer.id,
      outcome: 'denied',
      requestId: refused.headers['x-request-id'],
    });
    expect(Number(page.body.entries[0].id)).toBeGreaterThan(Number(page.body.entries[1].id));
    const next = await call('GET', `/admin/v1/audit-log?limit=2&before=${page.body.nextBefore}`);
    expect(Number(next.body.entries[0].id)).toBeLessThan(Number(page.body.entries[1].id));

    const byOperator = await call('GET', `/admin/v1/audit-log?operatorId=${operators.admin.id}&limit=200`);
    expect(byOperator.body.entries.length).toBeGreaterThanOrEqual(2);
    expect(new Set(byOperator.body.entries.map((e: { operatorId: string }) => e.operatorId))).toEqual(new Set([operators.admin.id]));
    const ids = byOperator.body.entries.map((e: { id: string }) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // No personal data: the operator's e-mail never appears in the log.
    expect(JSON.stringify(byOperator.body)).not.toContain('@ops.example.com');
    expect((await call('GET', '/admin/v1/audit-log?before=abc')).status).toBe(400);
  });

  it("sets a project environment's biometric retention (30-3650 days), admin only, audited; out of range → 400 VALIDATION_FAILED", async () => {
    const url = `/admin/v1/projects/${projectId}/environments/live/settings`;
    const column = async () =>
      (
        await database.dataSource.query(
          `SELECT biometric_retention_days AS days FROM session.environment_settings WHERE project_id = $1 AND environment = 'live'`,
          [projectId],
        )
      )[0]?.days;
    expect((await call('GET', url, { token: operators.read_only.token })).body.biometricRetentionDays).toBe(365);

    const changed = await call('PATCH', url, { token: operators.admin.token, body: { biometricRetentionDays: 90 } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ environment: 'live', biometricRetentionDays: 90, vaultReuseMaxAgeDays: 365 });
    expect(await column()).toBe(90);
    expect((await call('GET', url, { token: operators.reviewer.token })).body.biometricRetentionDays).toBe(90);
    // Other settings change without touching it.
    expect((await call('PATCH', url, { token: operators.admin.token, body: { poaMaxAgeMonths: 4 } })).body.biometricRetentionDays).toBe(90);

    for (const days of [29, 3651, 90.5, '90', null]) {
      const refused = await call('PATCH', url, { token: operators.admin.token, body: { biometricRetentionDays: days } });
      expect([days, refused.status, refused.body.errorCode]).toEqual([days, 400, 'VALIDATION_FAILED']);
    }
    const reviewer = await call('PATCH', url, { token: operators.reviewer.token, body: { biometricRetentionDays: 30 } });
    expect(reviewer.status).toBe(403);
    expect(await column()).toBe(90);

    const boundaries = [];
    for (const days of [30, 3650])
      boundaries.push((await call('PATCH', url, { token: operators.admin.token, body: { biometricRetentionDays: days } })).body);
    expect(boundaries.map((body) => body.biometricRetentionDays)).toEqual([30, 3650]);
    expect(await column()).toBe(3650);

    const entries = (await call('GET', `/admin/v1/audit-log?action=settings.update&limit=3`)).body.entries;
    expect(
      entries.map((e: { operatorRole: string; outcome: string; statusCode: number }) => [e.operatorRole, e.outcome, e.statusCode]),
    ).toEqual([
      ['admin', 'succeeded', 200],
      ['admin', 'succeeded', 200],
      ['reviewer', 'denied', 403],
    ]);
    expect(entries[0].target).toBe(`project:${projectId} environment:live`);
  });

  it('answers the verification read of a session the retention sweep cleared: 200 with the decision, no personal data', async () => {
    const headers = { authorization: `Bearer ${testSecretKey}`, 'content-type': 'application/json' };
    const created = await http.inject({
      method: 'POST',
      url: '/v1/sessions',
      headers,
      payload: JSON.stringify({ clientMetadata: { email: 'alice.approved@example.com', userId: 'u-retention' } }),
    });
    const sessionId = created.json().id as string;
    // Completed as a pipeline run would (the pipeline itself is the e2e suites' business), with what a document read.
    const attemptId = randomUUID();
    const firstName = 'ALICE';
    await database.dataSource.query(
      `INSERT INTO session.attempts (id, session_id, status, confidence, document_type, extracted_data, identity_key, decided_at)
       VALUES ($1, $2, 'success', 0.93, 'passport', $3, 'identity-key-of-alice', now() - interval '120 days')`,
      [attemptId, sessionId, JSON.stringify({ firstName, lastName: 'APPROVED', fullName: 'ALICE APPROVED', documentNumber: 'X1234567' })],
    );
    await database.dataSource.query(
      `UPDATE session.sessions SET status = 'completed', latest_attempt_id = $2,
              device_data = '{"ipAddress": "203.0.113.77", "userAgent": "Retention/1.0"}' WHERE id = $1`,
      [sessionId, attemptId],
    );

    // 120 days on (SESSION_RECORD_RETENTION_DAYS is 90), its face already purged by its biometric retention.
    await database.dataSource.query(`UPDATE session.sessions SET updated_at = now() - interval '120 days' WHERE id = $1`, [sessionId]);
    await database.dataSource.query(
      `INSERT INTO session.purge_requests (session_id, target, through_generation, purged_at)
       SELECT id, 'biometrics', data_generation, now() FROM session.sessions WHERE id = $1`,
      [sessionId],
    );
    const cleared = async () =>
      (
        await database.dataSource.query(`SELECT personal_data_cleared_at IS NOT NULL AS cleared FROM session.sessions WHERE id = $1`, [
          sessionId,
        ])
      )[0].cleared as boolean;
    for (let tries = 0; !(await cleared()); tries++) {
      if (tries > 100) throw new Error('the retention sweep did not clear the session');
      await sleep(200);
    }

    const read = await http.inject({
      method: 'GET',
      url: `/v1/verifications/${sessionId}`,
      headers: { authorization: headers.authorization },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ sessionId, status: 'completed', clientMetadata: {}, verification: { status: 'success' } });
    expect(read.json().verification.confidence).toBeGreaterThan(0);
    expect(read.body).not.toContain('alice');
    expect(read.body).not.toContain('u-retention');
    for (const personal of [firstName, 'X1234567', '203.0.113.77', 'Retention/1.0']) expect(read.body).not.toContain(personal);
    expect(
      (await database.dataSource.query(`SELECT extracted_data, identity_key FROM session.attempts WHERE id = $1`, [attemptId]))[0],
    ).toEqual({ extracted_data: null, identity_key: null });
  }, 60_000);

  it('records the CLI: npm run admin -- operators:create|list|disable with an operator token, each in the audit log as cli', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(http.server.address() as AddressInfo).port}`;
    const cli = async (...args: string[]) => {
      const { stdout } = await run(process.execPath, [ADMIN_CLI, ...args], {
        env: { ...process.env, KYC_API_URL: baseUrl, KYC_ADMIN_TOKEN: operators.admin.token },
      });
      return JSON.parse(stdout);
    };
    const created = await cli('operators:create', 'cli-made@ops.example.com', 'reviewer');
    expect(created.operator).toMatchObject({ email: 'cli-made@ops.example.com', role: 'reviewer', createdBy: operators.admin.id });
    const listed = await cli('operators:list');
    expect(listed.operators.map((o: { email: string }) => o.email)).toContain('cli-made@ops.example.com');
    expect((await cli('operators:disable', created.operator.id)).status).toBe('disabled');

    const entries = (await call('GET', `/admin/v1/audit-log?operatorId=${operators.admin.id}&limit=3`)).body.entries;
    expect(entries.map((e: { action: string; channel: string; outcome: string }) => [e.action, e.channel, e.outcome])).toEqual([
      ['operators.disable', 'cli', 'succeeded'],
      ['operators.list', 'cli', 'succeeded'],
      ['operators.create', 'cli', 'succeeded'],
    ]);
    expect(entries[0].target).toBe(`operator:${created.operator.id}`);
  }, 60_000);

  it('throttles failed authentications per source address: 429 with Retry-After after 20 failures, even for a right token', async () => {
    const ip = '10.20.0.1';
    for (let i = 0; i < 20; i++)
      expect((await call('GET', '/admin/v1/projects', { token: `opk_wrong${i}`.padEnd(47, 'z'), ip })).status).toBe(401);
    const blocked = await call('GET', '/admin/v1/projects', { token: operators.admin.token, ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ statusCode: 429, errorCode: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect((await call('GET', '/admin/v1/projects', { token: operators.admin.token, ip: '10.20.0.2' })).status).toBe(200);
  });

  it('throttles failed authentications per credential across addresses: 429 after 5 failures', async () => {
    const guessed = `opk_${'g'.repeat(43)}`;
    for (let i = 0; i < 5; i++)
      expect((await call('GET', '/admin/v1/projects', { token: guessed, ip: `10.30.0.${i + 1}` })).status).toBe(401);
    const blocked = await call('GET', '/admin/v1/projects', { token: guessed, ip: '10.30.0.99' });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await call('GET', '/admin/v1/projects', { token: operators.admin.token, ip: '10.30.0.99' })).status).toBe(200);
  });

  it('serves admin on its own listener with ADMIN_PORT, and not on PORT', async () => {
    const split = await createHttpServer(configFor({ ADMIN_PORT: '0' }), database.dataSource, createLogger('gateway-test', 'silent'));
    let adminServer: Server | undefined;
    try {
      await split.listen({ port: 0, host: '127.0.0.1' });
      adminServer = await listenAdmin(split, configFor({ ADMIN_PORT: '0' }));
      const publicUrl = `http://127.0.0.1:${((split.getHttpAdapter().getInstance() as unknown as FastifyInstance).server.address() as AddressInfo).port}`;
      const adminUrl = `http://127.0.0.1:${(adminServer.address() as AddressInfo).port}`;
      const get = (url: string, token = operators.read_only.token) => fetch(url, { headers: { authorization: `Bearer ${token}` } });

      const onPublic = await get(`${publicUrl}/admin/v1/projects`);
      expect(onPublic.status).toBe(404);
      expect(await onPublic.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
      expect((await get(`${adminUrl}/admin/v1/projects`)).status).toBe(200);
      expect((await get(`${adminUrl}/v1/sessions/${randomUUID()}`, testSecretKey)).status).toBe(404);
      expect((await get(`${publicUrl}/v1/sessions/${randomUUID()}`, testSecretKey)).status).toBe(404);
      expect((await get(`${publicUrl}/healthz`)).status).not.toBe(404);
      expect((await get(`${adminUrl}/healthz`)).status).not.toBe(404);
    } finally {
      await new Promise((resolve) => (adminServer ? adminServer.close(resolve) : resolve(undefined)));
      await split.close();
    }
  });
});
