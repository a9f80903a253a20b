import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startStack, type RunningStack } from '@kyc/stack';
import { ApiClient, type ApiResponse, type RequestOptions, imageForm } from './api-client';
import { sampleJpeg } from './images';

/**
 * The authorization matrix (issue 26): every route the gateway serves × every kind of credential
 * a caller can hold → the expected status, and nothing changed by a refusal.
 *
 * Routes are not listed here by hand: they are read from the gateway's own controllers
 * (GATEWAY_CONTROLLERS and their Nest route metadata), and each must fall under one of the access
 * classes below, so a new route without a class fails this spec instead of going untested.
 */

type AccessClass = 'secret-key' | 'device' | 'admin' | 'public';

/** Where each route belongs, by its path; the first match wins. */
const ACCESS_CLASSES: [RegExp, AccessClass][] = [
  [/^\/v1\/(sessions|verifications)(\/|$)/, 'secret-key'],
  [/^\/v1\/kyc\//, 'device'],
  [/^\/admin\/v1\//, 'admin'],
  // Pages, assets, the embed script and loader, design tokens, logos, the QR hand-off exchange, health, the API reference,
  // the dashboard's page and its sign-in (its own cookie; dashboard-session.spec.ts in the gateway covers it).
  [/^\/(widget|public|v1\/public|healthz|openapi\.json|docs|dashboard)(\/|$)/, 'public'],
];

type Credential =
  | 'none'
  | 'garbage'
  | 'secret key, other project'
  | 'secret key, other environment'
  | 'publishable key'
  | 'embed token, other session'
  | 'embed token'
  | 'secret key'
  | 'admin'
  | 'reviewer'
  | 'read-only';

interface Route {
  method: string;
  path: string;
  access: AccessClass;
}

/** Nest's RequestMethod enum, by index. */
const NEST_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'ALL', 'OPTIONS', 'HEAD'];

function gatewayRoutes(): Route[] {
  const gatewayDir = path.dirname(require.resolve('@kyc/gateway/package.json'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { GATEWAY_CONTROLLERS } = require(path.join(gatewayDir, 'dist', 'gateway.module.js')) as {
    GATEWAY_CONTROLLERS: (abstract new (...args: never[]) => unknown)[];
  };
  const routes: Route[] = [];
  for (const controller of GATEWAY_CONTROLLERS) {
    const base = String(Reflect.getMetadata('path', controller) ?? '');
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = controller.prototype[name];
      const method = typeof handler === 'function' ? Reflect.getMetadata('method', handler) : undefined;
      if (method === undefined || name === 'constructor') continue;
      const sub = Reflect.getMetadata('path', handler) as string | string[];
      for (const part of Array.isArray(sub) ? sub : [sub]) {
        const routePath = `/${[base, part].join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
        const access = ACCESS_CLASSES.find(([pattern]) => pattern.test(routePath))?.[1];
        if (!access) throw new Error(`${NEST_METHODS[method]} ${routePath} has no access class in the authorization matrix`);
        routes.push({ method: NEST_METHODS[method], path: routePath, access });
      }
    }
  }
  return routes;
}

/** The credentials each class refuses, with the status the refusal must have. */
const REFUSALS: Record<Exclude<AccessClass, 'public'>, Partial<Record<Credential, number>>> = {
  'secret-key': {
    none: 401,
    garbage: 401,
    'publishable key': 401,
    'embed token': 401,
    admin: 401,
    reviewer: 401,
    'read-only': 401,
    // Another tenant's or environment's key sees no such session (tenancy: 404, never 403, so ids do not leak).
    'secret key, other project': 404,
    'secret key, other environment': 404,
  },
  device: {
    none: 401,
    garbage: 401,
    'secret key': 401,
    'publishable key': 401,
    admin: 401,
    reviewer: 401,
    'read-only': 401,
    // A token names its session: another session's id in the path is not found for it.
    'embed token, other session': 404,
  },
  admin: {
    none: 401,
    garbage: 401,
    'secret key': 401,
    'publishable key': 401,
    'embed token': 401,
  },
};

describe('Authorization matrix: every route × every credential kind (test mode, running stack)', () => {
  let stack: RunningStack;
  let api: ApiClient;
  let dataDir: string;
  const routes = gatewayRoutes();
  const credentials = {} as Record<Credential, string | undefined>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-e2e-authz-'));
    const lines: string[] = [];
    try {
      stack = await startStack({
        dataDir,
        // Hundreds of refusals from one address: the throttles have their own specs.
        env: {
          LOG_LEVEL: 'warn',
          KAFKA_BROKERS: '',
          ADMIN_AUTH_FAILURES_PER_SOURCE: '100000',
          ADMIN_AUTH_FAILURES_PER_CREDENTIAL: '100000',
          RATE_LIMIT_READS_PER_MINUTE: '100000',
          RATE_LIMIT_UPLOADS_PER_MINUTE: '100000',
          RATE_LIMIT_SUBMITS_PER_MINUTE: '100000',
          RATE_LIMIT_SESSION_CREATES_PER_MINUTE: '100000',
        },
        log: (line) => lines.push(line),
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${lines.slice(-30).join('\n')}`);
    }
    api = new ApiClient(stack.baseUrl);
    const admin = stack.credentials.adminToken;
    const project = async (name: string) => (await api.request('POST', '/admin/v1/projects', { key: admin, json: { name } })).body;
    const mine = await project('authz-target');
    const theirs = await project('authz-other');
    ids.projectId = mine.project.id;
    ids.environment = 'test';
    const session = await api.createSession(mine.keys.test.secretKey, { clientMetadata: { email: 'alice.approved@example.com' } });
    const otherSession = await api.createSession(mine.keys.test.secretKey, { clientMetadata: { email: 'bob.approved@example.com' } });
    ids.sessionId = session.body.id;
    const keys = (await api.request('GET', `/admin/v1/projects/${ids.projectId}/keys`, { key: admin })).body.keys;
    ids.keyId = keys.find((k: { environment: string }) => k.environment === 'live').id;
    const operator = async (role: string) =>
      (await api.request('POST', '/admin/v1/operators', { key: admin, json: { email: `${role}-${Date.now()}@example.com`, role } })).body
        .token;
    Object.assign(credentials, {
      none: undefined,
      garbage: 'not-a-credential',
      'secret key': mine.keys.test.secretKey,
      'secret key, other project': theirs.keys.test.secretKey,
      'secret key, other environment': mine.keys.sandbox.secretKey,
      'publishable key': mine.keys.test.publishableKey,
      'embed token': session.body.embedToken,
      'embed token, other session': otherSession.body.embedToken,
      admin,
      reviewer: await operator('reviewer'),
      'read-only': await operator('read_only'),
    } satisfies Record<Credential, string | undefined>);
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The route's path with its parameters filled from the target project and session. */
  const concrete = (route: Route) =>
    route.path.replace(
      /:(\w+)/g,
      (_, name: string) => ids[name] ?? (name === 'file' ? 'widget.js' : '00000000-0000-4000-8000-000000000000'),
    );

  /**
   * A valid body for the routes that check theirs before the session: a refusal must then come from
   * the credential, not from the body. Other writes get `{}`.
   */
  let jpeg: Buffer;
  const sampleBodies: Record<string, () => Omit<RequestOptions, 'key'>> = {
    'PATCH /v1/sessions/:sessionId': () => ({ json: { clientMetadata: { userId: 'u-matrix' } } }),
    'POST /v1/verifications/:sessionId/documents': () => ({ form: imageForm(jpeg, 'front.jpg', { imageType: 'front' }) }),
    'POST /v1/verifications/:sessionId/face': () => ({ form: imageForm(jpeg, 'selfie.jpg') }),
    'POST /v1/kyc/consent/:sessionId': () => ({ json: { textVersion: 'v1', locale: 'en' } }),
  };

  const call = async (route: Route, credential: Credential): Promise<ApiResponse> => {
    jpeg ??= await sampleJpeg();
    const body =
      sampleBodies[`${route.method} ${route.path}`]?.() ?? (route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} });
    return api.request(route.method, concrete(route), { key: credentials[credential], ...body });
  };

  /** What a refusal must not change: the target session and the project's configuration as an admin reads them. */
  const snapshot = async () => {
    const admin = stack.credentials.adminToken;
    // Error envelopes carry the time they were made; everything else must be equal.
    const read = async (p: string, key: string) => {
      const r = await api.request('GET', p, { key });
      return { status: r.status, body: JSON.parse(JSON.stringify(r.body, (k, v) => (k === 'timestamp' ? undefined : v))) };
    };
    const p = `/admin/v1/projects/${ids.projectId}`;
    return {
      session: await read(`/v1/sessions/${ids.sessionId}`, credentials['secret key']!),
      verification: await read(`/v1/verifications/${ids.sessionId}`, credentials['secret key']!),
      project: await read(p, admin),
      keys: await read(`${p}/keys`, admin),
      settings: await read(`${p}/environments/test/settings`, admin),
      branding: await read(`${p}/environments/test/branding`, admin),
      balance: await read(`${p}/environments/sandbox/balance`, admin),
      sessions: await read(`${p}/sessions?environment=test`, admin),
      projects: await read('/admin/v1/projects', admin),
      operators: await read('/admin/v1/operators', admin),
    };
  };

  it('knows every route and its class', () => {
    expect(routes.length).toBeGreaterThanOrEqual(50);
    const count = (access: AccessClass) => routes.filter((r) => r.access === access).length;
    expect({ secretKey: count('secret-key') > 0, device: count('device') > 0, admin: count('admin') > 0 }).toEqual({
      secretKey: true,
      device: true,
      admin: true,
    });
  });

  it('refuses every wrong credential on every protected route with the expected status, and changes nothing', async () => {
    const before = await snapshot();
    const mismatches: string[] = [];
    let cells = 0;
    for (const route of routes) {
      if (route.access === 'public') continue;
      for (const [credential, expected] of Object.entries(REFUSALS[route.access]) as [Credential, number][]) {
        // Only a route naming a session in its path can be asked for another tenant's or session's one: creating a
        // session is scoped by the key itself, and the device uploads name their session in the form (direct-api
        // e2e holds those: 404 KYC_001).
        if (expected === 404 && !route.path.includes(':sessionId')) continue;
        const response = await call(route, credential);
        cells++;
        if (response.status !== expected)
          mismatches.push(`${route.method} ${route.path} with ${credential}: ${response.status}, expected ${expected}`);
        else if (typeof response.body?.errorCode !== 'string' && typeof response.body?.error !== 'string')
          mismatches.push(`${route.method} ${route.path} with ${credential}: ${response.status} without the error envelope`);
      }
    }
    console.log(`authorization matrix: ${routes.length} routes, ${cells} refusals checked, ${mismatches.length} unexpected`);
    expect(mismatches).toEqual([]);
    expect(cells).toBeGreaterThan(300);
    const after = await snapshot();
    expect(after).toEqual(before);
  });

  it('lets each operator role do only what its role allows: reviewers and read-only operators get 403 on every write they do not own', async () => {
    const before = await snapshot();
    const mismatches: string[] = [];
    for (const route of routes.filter((r) => r.access === 'admin')) {
      for (const role of ['reviewer', 'read-only'] as const) {
        const response = await call(route, role);
        const isRead = route.method === 'GET';
        const reviewerDecides = role === 'reviewer' && route.path.endsWith('/review');
        const adminOnlyRead =
          (route.path.startsWith('/admin/v1/operators') && !route.path.endsWith('/me')) || route.path === '/admin/v1/audit-log.csv';
        if (isRead && adminOnlyRead) {
          // Listing operators and exporting the whole audit log are admin-only.
          if (response.status !== 403) mismatches.push(`${route.method} ${route.path} as ${role}: ${response.status}, expected 403`);
        } else if (isRead || reviewerDecides) {
          if (response.status === 401 || response.status === 403)
            mismatches.push(`${route.method} ${route.path} as ${role}: ${response.status}, expected the role to be allowed`);
        } else if (response.status !== 403) {
          mismatches.push(`${route.method} ${route.path} as ${role}: ${response.status}, expected 403`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    const after = await snapshot();
    expect(after).toEqual(before);
  });

  it('answers public routes without a credential, and never 5xx on any route for any credential', async () => {
    const serverErrors: string[] = [];
    for (const route of routes) {
      for (const credential of Object.keys(credentials) as Credential[]) {
        if (route.access !== 'public' && route.method !== 'GET') continue; // writes with valid credentials are the functional specs' job
        const response = await call(route, credential);
        if (response.status >= 500) serverErrors.push(`${route.method} ${route.path} with ${credential}: ${response.status}`);
      }
    }
    expect(serverErrors).toEqual([]);
    const health = await api.request('GET', '/healthz');
    expect(health.status).toBe(200);
  });
});
