import { type ChildProcess, execFile, spawn } from 'node:child_process';
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
 * The dashboard's sign-in over HTTP (issue 29): the gateway in process, the real session service
 * as its own process (operators, scrypt passwords, the audit log), one real PostgreSQL. Sign-in,
 * the cookie's attributes, idle and absolute expiry, sign-out, CSRF refusals that change nothing,
 * and the roles through the cookie.
 */
const SESSION_DIST = path.resolve(__dirname, '../../../session/dist');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const run = promisify(execFile);

type Role = 'admin' | 'reviewer' | 'read_only';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const HOST = 'dash.example.test';
const ORIGIN = `http://${HOST}`;

describe('dashboard sign-in: session cookie, CSRF, idle timeout, roles', () => {
  const database = withServiceDatabase(createGatewayDataSource);
  const bootstrapToken = `adm_${'d'.repeat(40)}`;
  const identities = generateServiceKeySet();
  let sessionService: ChildProcess;
  let sessionGrpcUrl: string;
  let app: NestFastifyApplication;
  let http: FastifyInstance;
  let projectId: string;
  const operators = {} as Record<Role, { id: string; email: string; password: string }>;

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
    method: Method,
    url: string,
    options: {
      cookie?: string;
      csrf?: string;
      origin?: string | null;
      body?: unknown;
      ip?: string;
      bearer?: string;
      server?: FastifyInstance;
      headers?: Record<string, string>;
    } = {},
  ) => {
    const origin = options.origin === undefined ? ORIGIN : options.origin;
    const response = await (options.server ?? http).inject({
      method,
      url,
      remoteAddress: options.ip ?? '127.0.0.1',
      headers: {
        host: HOST,
        ...(origin ? { origin } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.csrf ? { 'x-csrf-token': options.csrf } : {}),
        ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    });
    const text = response.body;
    return { status: response.statusCode, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };

  /** Signs in and answers the Cookie header to send back and the CSRF token. */
  const signIn = async (role: Role, ip = '127.0.0.1') => {
    const answer = await call('POST', '/dashboard/api/session', {
      body: { email: operators[role].email, password: operators[role].password },
      ip,
    });
    expect(answer.status).toBe(200);
    const setCookie = String(answer.headers['set-cookie']);
    return { cookie: setCookie.split(';')[0], csrf: answer.body.csrfToken as string, setCookie, body: answer.body };
  };

  const liveKeyIds = async () =>
    (await call('GET', `/admin/v1/projects/${projectId}/keys`, { bearer: bootstrapToken })).body.keys
      .filter((key: { environment: string; status: string }) => key.environment === 'live' && key.status === 'active')
      .map((key: { id: string }) => key.id)
      .sort();

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
      const email = `${role}@dash.example.com`;
      const created = await call('POST', '/admin/v1/operators', { bearer: bootstrapToken, body: { email, role } });
      expect(created.status).toBe(201);
      operators[role] = { id: created.body.operator.id, email, password: created.body.password };
    }
    const project = await call('POST', '/admin/v1/projects', { bearer: bootstrapToken, body: { name: 'Dashboard sign-in' } });
    expect(project.status).toBe(201);
    projectId = project.body.project.id;
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    sessionService?.kill('SIGTERM');
  });

  it('signs in with the right password: an HttpOnly, SameSite=Strict session cookie (not Secure over plain HTTP) and a CSRF token', async () => {
    const session = await signIn('admin');
    expect(session.setCookie).toMatch(/^kyc_dashboard=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(session.body).toEqual({
      operator: { id: operators.admin.id, email: operators.admin.email, role: 'admin' },
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      idleTimeoutSeconds: 900,
      expiresAt: expect.any(String),
    });
    const expiresInHours = (Date.parse(session.body.expiresAt) - Date.now()) / 3_600_000;
    expect(expiresInHours).toBeGreaterThan(7.9);
    expect(expiresInHours).toBeLessThanOrEqual(8);
    // Stored as a digest only: the cookie's value is nowhere in the table.
    const rows: { id_digest: Buffer }[] = await database.dataSource.query('SELECT id_digest FROM gateway.dashboard_sessions');
    expect(rows.some((row) => row.id_digest.toString('utf8').includes(session.cookie.split('=')[1]))).toBe(false);
    // The cookie alone authenticates admin reads; the page learns its session again after a reload.
    expect((await call('GET', '/admin/v1/operators/me', { cookie: session.cookie })).body).toEqual({
      id: operators.admin.id,
      role: 'admin',
      bootstrap: false,
    });
    const again = await call('GET', '/dashboard/api/session', { cookie: session.cookie });
    expect(again.status).toBe(200);
    expect(again.body.csrfToken).toBe(session.csrf);
    expect(again.headers['cache-control']).toBe('no-store');
  });

  it('refuses a wrong password and an unknown e-mail alike (401, no cookie), and a sign-in posted from another origin (403)', async () => {
    const wrong = await call('POST', '/dashboard/api/session', {
      body: { email: operators.reviewer.email, password: 'not-the-password' },
      ip: '10.9.0.1',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ statusCode: 401, errorCode: 'UNAUTHENTICATED', message: 'Wrong e-mail or password' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const unknown = await call('POST', '/dashboard/api/session', {
      body: { email: 'nobody@dash.example.com', password: 'whatever-it-is' },
      ip: '10.9.0.1',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(wrong.body.message);
    const foreign = await call('POST', '/dashboard/api/session', {
      body: { email: operators.reviewer.email, password: operators.reviewer.password },
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers['set-cookie']).toBeUndefined();
  });

  it('throttles sign-ins: after 5 wrong passwords for one e-mail even the right one is 429 with Retry-After', async () => {
    const created = await call('POST', '/admin/v1/operators', {
      bearer: bootstrapToken,
      body: { email: 'guessed@dash.example.com', role: 'read_only' },
    });
    const password = created.body.password as string;
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await call('POST', '/dashboard/api/session', {
        body: { email: 'guessed@dash.example.com', password: `wrong-${attempt}-password` },
        ip: `10.9.1.${attempt}`,
      });
      expect(wrong.status).toBe(401);
    }
    const blocked = await call('POST', '/dashboard/api/session', {
      body: { email: 'Guessed@Dash.example.com', password },
      ip: '10.9.1.99',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorCode).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a disabled operator at sign-in, and ends its open sessions at once', async () => {
    const created = await call('POST', '/admin/v1/operators', {
      bearer: bootstrapToken,
      body: { email: 'leaver@dash.example.com', role: 'admin' },
    });
    const signedIn = await call('POST', '/dashboard/api/session', {
      body: { email: 'leaver@dash.example.com', password: created.body.password },
    });
    expect(signedIn.status).toBe(200);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0];
    expect((await call('GET', '/admin/v1/projects', { cookie })).status).toBe(200);
    expect((await call('POST', `/admin/v1/operators/${created.body.operator.id}/disable`, { bearer: bootstrapToken })).status).toBe(200);
    expect((await call('GET', '/admin/v1/projects', { cookie })).status).toBe(401);
    const again = await call('POST', '/dashboard/api/session', {
      body: { email: 'leaver@dash.example.com', password: created.body.password },
    });
    expect(again.status).toBe(401);
  });

  it('ends a session after 15 minutes without a call (sliding), and at its absolute end however active', async () => {
    const idle = await signIn('read_only');
    const live = await signIn('read_only');
    const digestOf = async (cookie: string) => {
      const { createHash } = await import('node:crypto');
      return createHash('sha256').update(cookie.split('=')[1]).digest();
    };
    // 14 minutes since the last call: still live, and the call restarts the clock.
    await database.dataSource.query(
      `UPDATE gateway.dashboard_sessions SET last_seen_at = now() - interval '14 minutes' WHERE id_digest = $1`,
      [await digestOf(live.cookie)],
    );
    expect((await call('GET', '/admin/v1/projects', { cookie: live.cookie })).status).toBe(200);
    const [{ idleFor }] = await database.dataSource.query(
      `SELECT extract(epoch FROM now() - last_seen_at) AS "idleFor" FROM gateway.dashboard_sessions WHERE id_digest = $1`,
      [await digestOf(live.cookie)],
    );
    expect(Number(idleFor)).toBeLessThan(5);
    // 15 minutes and a second: gone.
    await database.dataSource.query(
      `UPDATE gateway.dashboard_sessions SET last_seen_at = now() - interval '901 seconds' WHERE id_digest = $1`,
      [await digestOf(idle.cookie)],
    );
    expect((await call('GET', '/admin/v1/projects', { cookie: idle.cookie })).status).toBe(401);
    expect((await call('GET', '/dashboard/api/session', { cookie: idle.cookie })).status).toBe(401);
    // Past the absolute end (8 h after sign-in), though used a second ago.
    await database.dataSource.query(`UPDATE gateway.dashboard_sessions SET expires_at = now() - interval '1 second' WHERE id_digest = $1`, [
      await digestOf(live.cookie),
    ]);
    expect((await call('GET', '/admin/v1/projects', { cookie: live.cookie })).status).toBe(401);
  });

  it('signs out: the session is deleted and the cookie cleared; sign-out itself needs the CSRF token', async () => {
    const session = await signIn('reviewer');
    expect((await call('DELETE', '/dashboard/api/session', { cookie: session.cookie })).status).toBe(403);
    const out = await call('DELETE', '/dashboard/api/session', { cookie: session.cookie, csrf: session.csrf });
    expect(out.status).toBe(204);
    expect(String(out.headers['set-cookie'])).toBe('kyc_dashboard=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0');
    expect((await call('GET', '/admin/v1/projects', { cookie: session.cookie })).status).toBe(401);
    expect((await call('GET', '/dashboard/api/session', { cookie: session.cookie })).status).toBe(401);
  });

  it('refuses a cookie-authenticated write without the CSRF token, with a wrong one, or from another origin: 403 in the flat format, nothing changed, audited as denied', async () => {
    const session = await signIn('admin');
    const rotate = `/admin/v1/projects/${projectId}/environments/live/keys/rotate`;
    const before = await liveKeyIds();
    const refusals = [
      await call('POST', rotate, { cookie: session.cookie }),
      await call('POST', rotate, { cookie: session.cookie, csrf: `${session.csrf.slice(0, -2)}xx` }),
      await call('POST', rotate, { cookie: session.cookie, csrf: session.csrf, origin: 'https://evil.example' }),
      await call('POST', rotate, { cookie: session.cookie, csrf: session.csrf, origin: null }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ statusCode: 403, error: 'Forbidden', errorCode: 'FORBIDDEN' });
    }
    expect(await liveKeyIds()).toEqual(before);
    const audit = await call('GET', `/admin/v1/audit-log?operatorId=${operators.admin.id}&action=keys.rotate`, { bearer: bootstrapToken });
    expect(audit.body.entries.filter((entry: { outcome: string }) => entry.outcome === 'denied')).toHaveLength(4);
    // With the token and from the dashboard's origin it happens, in the admin's name.
    const rotated = await call('POST', rotate, { cookie: session.cookie, csrf: session.csrf });
    expect(rotated.status).toBe(200);
    expect(await liveKeyIds()).not.toEqual(before);
    const after = await call('GET', `/admin/v1/audit-log?operatorId=${operators.admin.id}&action=keys.rotate`, { bearer: bootstrapToken });
    expect(after.body.entries[0]).toMatchObject({
      operatorId: operators.admin.id,
      operatorRole: 'admin',
      outcome: 'succeeded',
      statusCode: 200,
    });
  });

  it('applies the roles through the cookie: a reviewer cannot rotate keys, a read-only operator cannot write (403, nothing changed)', async () => {
    const reviewer = await signIn('reviewer');
    const readOnly = await signIn('read_only');
    const before = await liveKeyIds();
    const rotate = `/admin/v1/projects/${projectId}/environments/live/keys/rotate`;
    expect((await call('POST', rotate, { cookie: reviewer.cookie, csrf: reviewer.csrf })).body).toMatchObject({
      statusCode: 403,
      errorCode: 'FORBIDDEN',
    });
    expect((await call('POST', rotate, { cookie: readOnly.cookie, csrf: readOnly.csrf })).status).toBe(403);
    expect(await liveKeyIds()).toEqual(before);
    const settings = `/admin/v1/projects/${projectId}/environments/sandbox/settings`;
    const current = (await call('GET', settings, { cookie: readOnly.cookie })).body;
    expect(
      (
        await call('PATCH', settings, {
          cookie: readOnly.cookie,
          csrf: readOnly.csrf,
          body: { allowManualUpload: !current.allowManualUpload },
        })
      ).status,
    ).toBe(403);
    expect((await call('GET', settings, { cookie: readOnly.cookie })).body).toEqual(current);
    expect((await call('GET', '/admin/v1/operators', { cookie: reviewer.cookie })).status).toBe(403);
    // A bearer token next to a cookie wins: the cookie is only for requests without Authorization.
    expect((await call('GET', '/admin/v1/operators', { cookie: reviewer.cookie, bearer: bootstrapToken })).status).toBe(200);
  });

  it('marks the cookie Secure (with the __Host- prefix) when the request came over TLS through a trusted proxy, and only then', async () => {
    const proxied = await createHttpServer(
      configFor({ TRUSTED_PROXIES: '127.0.0.1' }),
      database.dataSource,
      createLogger('gateway-test', 'silent'),
    );
    await proxied.init();
    const server = proxied.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    await server.ready();
    try {
      const body = { email: operators.reviewer.email, password: operators.reviewer.password };
      const tls = await call('POST', '/dashboard/api/session', {
        server,
        body,
        origin: `https://${HOST}`,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(tls.status).toBe(200);
      expect(String(tls.headers['set-cookie'])).toMatch(
        /^__Host-kyc_dashboard=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
      );
      const cookie = String(tls.headers['set-cookie']).split(';')[0];
      expect((await call('GET', '/dashboard/api/session', { server, cookie, headers: { 'x-forwarded-proto': 'https' } })).status).toBe(200);
      // The same header from a client the gateway does not trust changes nothing.
      const direct = await call('POST', '/dashboard/api/session', { body, headers: { 'x-forwarded-proto': 'https' } });
      expect(String(direct.headers['set-cookie'])).not.toContain('Secure');
    } finally {
      await proxied.close();
    }
  });
  it('is served with ADMIN_PORT on the admin listener only, beside the API it calls', async () => {
    const split = await createHttpServer(configFor({ ADMIN_PORT: '0' }), database.dataSource, createLogger('gateway-test', 'silent'));
    let adminServer: Server | undefined;
    try {
      await split.listen({ port: 0, host: '127.0.0.1' });
      adminServer = await listenAdmin(split, configFor({ ADMIN_PORT: '0' }));
      const publicUrl = `http://127.0.0.1:${((split.getHttpAdapter().getInstance() as unknown as FastifyInstance).server.address() as AddressInfo).port}`;
      const adminUrl = `http://127.0.0.1:${(adminServer.address() as AddressInfo).port}`;
      const page = await fetch(`${adminUrl}/dashboard`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect((await fetch(`${adminUrl}/dashboard/api/session`)).status).toBe(401);
      expect((await fetch(`${publicUrl}/dashboard`)).status).toBe(404);
      expect((await fetch(`${publicUrl}/dashboard/api/session`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => (adminServer ? adminServer.close(resolve) : resolve(undefined)));
      await split.close();
    }
  });
});
