import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startStack, type RunningStack } from '@kyc/stack';
import { seriousAccessibilityViolations } from './axe';
import { type OperatorRole, dashboardOperator, signInToDashboard } from './dashboard-sign-in';
import { FakeCamera, type PageWatch, chromiumAvailable, launchChromium, openWatchedPage } from './browser';

const describeWithChromium = chromiumAvailable() ? describe : describe.skip;

const REPORT_DIR = path.resolve(__dirname, '..', '..', '..', 'reports', 'dashboard');

type Role = OperatorRole;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * The operators' dashboard (issue 29) in Debian's Chromium over the whole stack as `npm start`
 * runs it (one start for the file), signed in with the operators `npm start` creates. Every screen
 * is checked with axe-core and photographed to reports/dashboard/; no page may break its CSP or
 * call another origin. Webhooks go to a real local HTTP receiver.
 */
describeWithChromium('Dashboard in Chromium', () => {
  let stack: RunningStack;
  let browser: Browser;
  let dataDir: string;
  let cameraDir: string;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];
  const watches: PageWatch[] = [];
  const stackLog: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-dashboard-stack-'));
    cameraDir = mkdtempSync(path.join(tmpdir(), 'kyc-dashboard-camera-'));
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    try {
      stack = await startStack({ dataDir, env: { LOG_LEVEL: 'warn', KAFKA_BROKERS: '' }, log: (line) => stackLog.push(line) });
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : JSON.stringify(error)}\n${stackLog.slice(-30).join('\n')}`);
    }
    browser = await launchChromium(new FakeCamera(cameraDir));
    mkdirSync(REPORT_DIR, { recursive: true });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
    for (const dir of [dataDir, cameraDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  afterEach(async () => {
    for (const watch of watches.splice(0)) {
      expect(await watch.cspViolations()).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
      await watch.context.close();
    }
  });

  const operator = (role: Role) => dashboardOperator(stack, role);

  const api = async (method: string, route: string, key: string, json?: unknown) => {
    const response = await fetch(stack.baseUrl + route, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    });
    return { status: response.status, body: response.status === 204 ? null : await response.json() };
  };

  const open = async () => {
    const watch = await openWatchedPage(browser, stack.baseUrl, { camera: false });
    await watch.context.setDefaultTimeout(15_000);
    watch.page.on('dialog', (dialog) => void dialog.accept());
    watches.push(watch);
    return watch;
  };

  /** axe-core finds nothing serious, and the screen is photographed (wide, as an operator's desktop). */
  const checkScreen = async (page: Page, name: string, options: { previewMayFail?: boolean } = {}) => {
    await page.waitForLoadState('networkidle');
    const findings = await seriousAccessibilityViolations(page);
    // The branding preview shows what the operator typed, an illegible button included (the contrast check beside it says so).
    const inPreview = (target: string) => target.includes('kyc-button') || target.includes('dash-preview');
    expect(options.previewMayFail ? findings.filter((finding) => !finding.targets.every(inPreview)) : findings).toEqual([]);
    await page.screenshot({ path: path.join(REPORT_DIR, `${name}.png`), fullPage: true });
  };

  const signIn = (page: Page, role: Role) => signInToDashboard(page, stack, role);

  /** Picks the environment in the header and opens a view by its navigation label. */
  const openView = async (page: Page, label: string, environment?: string) => {
    if (environment) await page.getByLabel('Environment').selectOption(environment);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: label, exact: true }).click();
  };

  const heading = (page: Page, text: string) => page.locator('main h1').filter({ hasText: text }).waitFor();

  it('signs in with the operator credentials of npm start and out again; a wrong password is refused', async () => {
    const { page, context } = await open();
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${stack.baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Sign in to the KYC dashboard' }).waitFor();
    const response = await page.request.get(`${stack.baseUrl}/dashboard`);
    expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
    await checkScreen(page, '01-sign-in');

    await page.getByLabel('E-mail').fill(operator('admin').email);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password' }).waitFor();
    await checkScreen(page, '02-sign-in-refused');

    await signIn(page, 'admin');
    await heading(page, 'Projects');
    const [cookie] = (await context.cookies()).filter((candidate) => candidate.name === 'kyc_dashboard');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', secure: false });
    expect(await page.evaluate(() => document.cookie)).toBe('');
    await page.locator('tbody tr').first().waitFor();
    await checkScreen(page, '03-projects');

    // A reload continues the session; signing out ends it on the server.
    await page.reload();
    await page.getByTestId('operator').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('alert').filter({ hasText: 'You are signed out' }).waitFor();
    expect((await context.cookies()).filter((candidate) => candidate.name === 'kyc_dashboard')).toEqual([]);
    const stale = await fetch(`${stack.baseUrl}/admin/v1/projects`, { headers: { cookie: `kyc_dashboard=${cookie.value}` } });
    expect(stale.status).toBe(401);
  });

  it('rotates the live keys and shows the new secret once', async () => {
    const { page } = await open();
    await signIn(page, 'admin');
    await openView(page, 'API keys', 'live');
    await heading(page, 'API keys');
    await page.getByTestId('keys-table').locator('tbody tr').first().waitFor();
    await checkScreen(page, '04-keys');
    const oldKey = stack.credentials.environments.live.secretKey;

    await page.getByRole('button', { name: 'Rotate: issue a new key pair' }).click();
    const secret = (await page.getByTestId('issued-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^sk_live_/);
    await checkScreen(page, '05-keys-rotated-shown-once');
    // The new key works, the old one stopped.
    expect((await api('GET', '/v1/sessions/00000000-0000-4000-8000-000000000000', secret)).status).toBe(404);
    expect((await api('GET', '/v1/sessions/00000000-0000-4000-8000-000000000000', oldKey)).status).toBe(401);

    await page.getByRole('button', { name: 'I have stored the secret key' }).click();
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await page.getByTestId('keys-table').locator('tbody tr').first().waitFor();
    expect(await page.content()).not.toContain(secret);
  });

  it('sets the webhook endpoint, then replays a delivery from the log to a real receiver', async () => {
    const { page } = await open();
    await signIn(page, 'admin');
    await openView(page, 'Webhook', 'test');
    await heading(page, 'Webhook endpoint');
    await page.getByLabel('Endpoint URL').fill(receiverUrl);
    await page.getByRole('button', { name: 'Create the endpoint' }).click();
    await page.getByTestId('webhook-secret').filter({ hasText: 'whsec_' }).waitFor();
    await page.getByTestId('webhook-url').filter({ hasText: receiverUrl }).waitFor();
    await checkScreen(page, '06-webhook-created');
    await page.getByLabel('Overlap window (hours, 0–168)').fill('2');
    await page.getByRole('button', { name: 'Rotate the secret' }).click();
    await page.getByTestId('webhook-secret').filter({ hasText: 'previous secret keeps signing' }).waitFor();
    await checkScreen(page, '07-webhook-secret-rotated');

    // A test-mode session completes (alice) and its webhook arrives.
    const key = stack.credentials.environments.test.secretKey;
    const created = await api('POST', '/v1/sessions', key, {
      clientMetadata: { email: 'alice.approved@example.com' },
      language: 'en',
      expiryMinutes: 15,
    });
    expect(created.status).toBe(201);
    expect((await api('POST', `/v1/verifications/${created.body.id}/submit`, key)).status).toBeLessThan(300);
    const about = () => received.filter((item) => item.body.includes(created.body.id));
    for (let waited = 0; !about().length && waited < 30_000; waited += 250) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(about().length).toBeGreaterThan(0);
    const eventId = JSON.parse(about()[0].body).id as string;
    const deliveredBefore = received.filter((item) => JSON.parse(item.body).id === eventId).length;

    await openView(page, 'Deliveries');
    await heading(page, 'Webhook deliveries');
    await page.getByLabel('Session id contains').fill(created.body.id);
    const row = page.getByTestId('deliveries-table').locator('tbody tr').filter({ hasText: eventId });
    await row.waitFor();
    await checkScreen(page, '08-deliveries');
    await row.getByRole('button', { name: /^Replay the / }).click();
    await page.getByTestId('replayed').filter({ hasText: '1 delivery queued' }).waitFor();
    for (
      let waited = 0;
      received.filter((item) => JSON.parse(item.body).id === eventId).length <= deliveredBefore && waited < 30_000;
      waited += 250
    )
      await new Promise((resolve) => setTimeout(resolve, 250));
    const again = received.filter((item) => JSON.parse(item.body).id === eventId);
    expect(again.length).toBe(deliveredBefore + 1);
    expect(again[again.length - 1].headers['webhook-id']).toBe(eventId);
  });

  it('changes the branding with a live preview and a contrast check, and the widget page shows it', async () => {
    const { page } = await open();
    await signIn(page, 'admin');
    await openView(page, 'Branding', 'test');
    await heading(page, 'Branding of the hosted pages');
    await page.getByLabel('Button colour').fill('#0b6e4f');
    await page.getByLabel('Page colour').fill('#eef3f1');
    await page.getByLabel('Corner radius (px, 0–32)').fill('4');
    const preview = page.getByTestId('branding-preview');
    expect(await preview.evaluate((element) => element.style.getPropertyValue('--kyc-primary'))).toBe('#0b6e4f');
    await expectLocator(page.getByTestId('contrast-checks').getByText('fails')).toHaveCount(0);
    await checkScreen(page, '09-branding-preview');

    // Button text too close to the button: the check says so at once, and the server refuses it with its reason.
    await page.getByLabel('Button text colour').fill('#2f8f6f');
    await page.getByTestId('contrast-checks').getByText('fails').first().waitFor();
    await page.getByRole('button', { name: 'Save the branding' }).click();
    await page.getByRole('alert').filter({ hasText: 'colorOnPrimary on colorPrimary contrast' }).waitFor();
    await checkScreen(page, '10-branding-contrast-refused', { previewMayFail: true });
    await page.getByLabel('Button text colour').fill('#ffffff');
    await page.getByRole('button', { name: 'Save the branding' }).click();
    await page.getByRole('status').filter({ hasText: 'Branding saved' }).first().waitFor();

    const session = await api('POST', '/v1/sessions', stack.credentials.environments.test.secretKey, {
      clientMetadata: { email: 'alice.approved@example.com' },
      language: 'en',
      expiryMinutes: 15,
    });
    const widget = await open();
    await widget.page.goto(session.body.widgetUrl);
    await widget.page.locator('h1').first().waitFor();
    await widget.page.waitForFunction(
      () => getComputedStyle(document.documentElement).getPropertyValue('--kyc-primary').trim() === '#0b6e4f',
    );
    const button = widget.page.locator('button').first();
    expect(await button.evaluate((element) => getComputedStyle(element).borderRadius)).toBe('4px');
  });

  it('shows the configuration, billing, scoring policy and audit screens, and saves through them', async () => {
    const { page } = await open();
    await signIn(page, 'admin');
    await openView(page, 'Configuration', 'sandbox');
    await heading(page, 'Configuration');
    const months = page.getByLabel('Proof of address: at most this many months old');
    await months.fill('6');
    await page.getByRole('button', { name: 'Save the settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).first().waitFor();
    await checkScreen(page, '11-configuration');

    await openView(page, 'Billing');
    await heading(page, 'Balance and ledger');
    await page.getByTestId('account').waitFor();
    const balanceBefore = (
      await api('GET', `/admin/v1/projects/${stack.credentials.projectId}/environments/sandbox/balance`, stack.credentials.adminToken)
    ).body.balance;
    await page.getByLabel('Top up (verifications)').fill('25');
    await page.getByRole('button', { name: 'Top up' }).click();
    await page
      .getByTestId('account')
      .filter({ hasText: `${balanceBefore + 25} verifications` })
      .waitFor();
    await page.getByTestId('ledger').locator('tbody tr').filter({ hasText: 'top_up' }).first().waitFor();
    await checkScreen(page, '12-billing');

    await openView(page, 'Scoring policy');
    await heading(page, 'Scoring policy');
    await page.getByLabel('Auto-approve threshold').fill('0.85');
    await page.getByTestId('policy-meaning').filter({ hasText: 'at least 0.85' }).waitFor();
    await page.getByRole('button', { name: 'Save the policy' }).click();
    await page.getByRole('status').filter({ hasText: 'version 1' }).first().waitFor();
    const policy = await api(
      'GET',
      `/admin/v1/projects/${stack.credentials.projectId}/environments/sandbox/scoring-policy`,
      stack.credentials.adminToken,
    );
    expect(policy.body.overrides).toEqual({ autoApproveThreshold: 0.85 });
    await checkScreen(page, '13-scoring-policy');

    await openView(page, 'Audit log');
    await heading(page, 'Audit log');
    await page.getByLabel('Action').fill('scoring_policy.set');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page
      .getByTestId('audit-table')
      .locator('tbody tr')
      .filter({ hasText: operator('admin').email })
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: 'Export these entries as CSV' }).getAttribute('href')).toContain(
      '/admin/v1/audit-log.csv?',
    );
    await checkScreen(page, '14-audit-log');
  });

  it('separates the roles: a reviewer sees no keys, webhook or billing screens; a read-only operator cannot write', async () => {
    const reviewer = await open();
    await signIn(reviewer.page, 'reviewer');
    const nav = reviewer.page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('link', { name: 'Audit log' }).waitFor();
    for (const hidden of ['API keys', 'Webhook', 'Deliveries', 'Billing', 'Branding'])
      await expectLocator(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
    await reviewer.page.goto(`${stack.baseUrl}/dashboard#/projects/${stack.credentials.projectId}/environments/live/keys`);
    await reviewer.page.getByRole('alert').filter({ hasText: 'This screen is not available to the reviewer role' }).waitFor();
    await checkScreen(reviewer.page, '15-reviewer');

    const readOnly = await open();
    await signIn(readOnly.page, 'read_only');
    await openView(readOnly.page, 'API keys', 'live');
    await readOnly.page.getByTestId('keys-table').locator('tbody tr').first().waitFor();
    await expectLocator(readOnly.page.getByRole('button', { name: 'Rotate: issue a new key pair' })).toBeDisabled();
    for (const button of await readOnly.page.getByRole('button', { name: /^Revoke / }).all()) await expectLocator(button).toBeDisabled();
    await checkScreen(readOnly.page, '16-read-only-keys');
    await openView(readOnly.page, 'Configuration');
    await expectLocator(readOnly.page.getByRole('button', { name: 'Save the settings' })).toBeDisabled();
    // Even a hand-made write from the page is refused by the server (the role, not only the UI).
    const status = await readOnly.page.evaluate(async (projectId) => {
      const session = await (await fetch('/dashboard/api/session')).json();
      const response = await fetch(`/admin/v1/projects/${projectId}/environments/live/keys/rotate`, {
        method: 'POST',
        headers: { 'x-csrf-token': session.csrfToken },
      });
      return response.status;
    }, stack.credentials.projectId);
    expect(status).toBe(403);
  });

  it('refuses a signed-in write without the CSRF token; from another site a form is refused and a link arrives without the session cookie; the keys stay as they were', async () => {
    const { page, context } = await open();
    await signIn(page, 'admin');
    const keysRoute = `/admin/v1/projects/${stack.credentials.projectId}/keys`;
    const keysBefore = await api('GET', keysRoute, stack.credentials.adminToken);
    expect(keysBefore.status).toBe(200);

    // Same origin, the cookie sent: without the token, and with a made-up one.
    const refusals = await page.evaluate(async (projectId) => {
      const rotate = (headers: Record<string, string>) =>
        fetch(`/admin/v1/projects/${projectId}/environments/live/keys/rotate`, { method: 'POST', headers });
      const missing = await rotate({});
      const wrong = await rotate({ 'x-csrf-token': 'A'.repeat(43) });
      return [
        { status: missing.status, body: await missing.json() },
        { status: wrong.status, body: await wrong.json() },
      ];
    }, stack.credentials.projectId);
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      expect(refusal.body).toMatchObject({ errorCode: 'FORBIDDEN' });
    }

    // Another site (localhost is not 127.0.0.1's site) in the same browser: a form posted at the gateway
    // is refused, and a link to an admin read arrives without the SameSite=Strict cookie, so the
    // gateway sees nobody (the same read from the dashboard's own page answers 200).
    expect(new URL(stack.baseUrl).hostname).toBe('127.0.0.1');
    const sameSiteRead = await page.evaluate(async (route) => (await fetch(route)).status, keysRoute);
    expect(sameSiteRead).toBe(200);
    const rotateUrl = `${stack.baseUrl}/admin/v1/projects/${stack.credentials.projectId}/environments/live/keys/rotate`;
    const attacker = createServer((request, response) => {
      const page =
        request.url === '/form'
          ? `<form method="post" action="${rotateUrl}"></form><script>document.forms[0].submit()</script>`
          : `<script>location.href = ${JSON.stringify(stack.baseUrl + keysRoute)}</script>`;
      response.writeHead(200, { 'content-type': 'text/html' }).end(page);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const crossSite = async (pagePath: string, target: string) => {
      const attackerPage = await context.newPage();
      const answered = attackerPage.waitForResponse((response) => response.url().endsWith(target), { timeout: 15_000 });
      await attackerPage.goto(`http://localhost:${(attacker.address() as AddressInfo).port}${pagePath}`);
      const status = (await answered).status();
      await attackerPage.close();
      return status;
    };
    try {
      expect(await crossSite('/form', '/keys/rotate')).toBeGreaterThanOrEqual(400);
      expect(await crossSite('/link', keysRoute)).toBe(401);
    } finally {
      await new Promise((resolve) => attacker.close(resolve));
    }

    const keysAfter = await api('GET', keysRoute, stack.credentials.adminToken);
    expect(keysAfter.body).toEqual(keysBefore.body);
  });
});

/** playwright-core has no test runner's locator assertions; the two this file needs, waiting as they do. */
function expectLocator(locator: { count(): Promise<number>; isDisabled(): Promise<boolean> }) {
  return {
    toHaveCount: async (count: number) => {
      for (let waited = 0; (await locator.count()) !== count && waited < 5_000; waited += 100)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await locator.count()).toBe(count);
    },
    toBeDisabled: async () => expect(await locator.isDisabled()).toBe(true),
  };
}
