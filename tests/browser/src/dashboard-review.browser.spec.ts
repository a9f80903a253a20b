import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { startStack, type RunningStack } from '@kyc/stack';
import { documentFixture, type DocumentFixture, liveSelfie } from '@kyc/verification-fixtures';
import { seriousAccessibilityViolations } from './axe';
import { type OperatorRole, dashboardOperator, signInToDashboard } from './dashboard-sign-in';
import { FakeCamera, type PageWatch, chromiumAvailable, launchChromium, openWatchedPage } from './browser';

const describeWithChromium = chromiumAvailable() ? describe : describe.skip;

const REPORT_DIR = path.resolve(__dirname, '..', '..', '..', 'reports', 'dashboard');

type Role = OperatorRole;

/**
 * The reviewer's side of the dashboard (issue 29 items 3 and 4) in Debian's Chromium over the
 * whole stack as `npm start` runs it, with the operators it creates: sandbox cases that ended in
 * manual_review (a blurred passport page uploaded twice: the retake rule records the repeat and
 * the submit goes to review) are reviewed in the browser. Approve → verification.completed at a
 * real local HTTP receiver; reject (the reason is required) → verification.status_changed; a
 * read-only operator sees the case and the reviewer's "opened by" mark but no decision. Sessions
 * search by e-mail (hashed in the browser) and a session's history. Every screen is checked with
 * axe-core and photographed to reports/dashboard/; no CSP violation, no other origin.
 */
describeWithChromium('Dashboard review in Chromium', () => {
  let stack: RunningStack;
  let browser: Browser;
  let dataDir: string;
  let cameraDir: string;
  let receiver: Server;
  let passport: DocumentFixture;
  const received: { body: string }[] = [];
  const watches: PageWatch[] = [];
  const stackLog: string[] = [];
  const cases: { id: string; email: string }[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-dashboard-review-'));
    cameraDir = mkdtempSync(path.join(tmpdir(), 'kyc-dashboard-review-camera-'));
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      // The receiver listens on loopback, which sandbox webhook URLs refuse by default.
      stack = await startStack({
        dataDir,
        env: { LOG_LEVEL: 'warn', KAFKA_BROKERS: '', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
        log: (line) => stackLog.push(line),
      });
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : JSON.stringify(error)}\n${stackLog.slice(-30).join('\n')}`);
    }
    browser = await launchChromium(new FakeCamera(cameraDir));
    mkdirSync(REPORT_DIR, { recursive: true });
    const hook = await api('PUT', `/admin/v1/projects/${stack.credentials.projectId}/environments/sandbox/webhook`, {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    });
    expect(hook.status).toBe(200);
    passport = await documentFixture({ seed: 11 });
    for (let i = 0; i < 3; i += 1) cases.push(await caseInReview(i));
  }, 300_000);

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

  async function api(method: string, route: string, json?: unknown, key = stack.credentials.adminToken) {
    const response = await fetch(stack.baseUrl + route, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** A sandbox session in manual_review, made as an integrator's server would (secret key, multipart uploads). */
  async function caseInReview(n: number): Promise<{ id: string; email: string }> {
    const key = stack.credentials.environments.sandbox.secretKey;
    const email = `review.case${n}.${Date.now()}@example.com`;
    const created = await fetch(`${stack.baseUrl}/v1/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientMetadata: { email } }),
    });
    const id = ((await created.json()) as { id: string }).id;
    const upload = async (route: string, image: Buffer, fields: Record<string, string> = {}) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      form.set('images', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'image.jpg');
      return (
        await fetch(`${stack.baseUrl}/v1/verifications/${id}/${route}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}` },
          body: form,
        })
      ).status;
    };
    const blurred = await sharp(passport.sides[0].image).resize({ width: 360 }).blur(6).jpeg({ quality: 40 }).toBuffer();
    expect(await upload('documents', blurred, { imageType: 'main' })).toBe(400);
    expect(await upload('documents', blurred, { imageType: 'main' })).toBe(200);
    expect(await upload('face', liveSelfie())).toBe(200);
    const submitted = await fetch(`${stack.baseUrl}/v1/verifications/${id}/submit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(((await submitted.json()) as { status: string }).status).toBe('manual_review');
    return { id, email };
  }

  const operator = (role: Role) => dashboardOperator(stack, role);

  const open = async () => {
    const watch = await openWatchedPage(browser, stack.baseUrl, { camera: false });
    watch.context.setDefaultTimeout(20_000);
    watches.push(watch);
    return watch;
  };

  /** axe-core finds nothing serious, and the screen is photographed (wide, as an operator's desktop). */
  const checkScreen = async (page: Page, name: string) => {
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(REPORT_DIR, `${name}.png`), fullPage: true });
  };

  const signIn = (page: Page, role: Role) => signInToDashboard(page, stack, role);
  const go = (page: Page, route: string) => page.goto(`${stack.baseUrl}/dashboard#${route}`);
  const projectId = () => stack.credentials.projectId;
  const waitForDelivery = async (sessionId: string, type: string) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = received.map((r) => JSON.parse(r.body)).find((body) => body.type === type && body.data?.object?.id === sessionId);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no ${type} for ${sessionId}; received ${received.map((r) => r.body.slice(0, 80)).join(' | ')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  it('a reviewer sees the queue, opens a case with its evidence side by side, and approves it: verification.completed arrives', async () => {
    const { page } = await open();
    await signIn(page, 'reviewer');
    await go(page, `/projects/${projectId()}/environments/sandbox/review`);
    await page.getByTestId('review-queue').waitFor();
    await expect(page.getByTestId('queue-summary').textContent()).resolves.toMatch(/3\s+cases wait in\s+sandbox/);
    await checkScreen(page, 'review-queue');

    await page.getByRole('link', { name: cases[0].id }).click();
    await page.getByTestId('case-images').getByRole('img').first().waitFor();
    await page.getByTestId('case-explanation').waitFor();
    expect(await page.getByTestId('case-fields').isVisible()).toBe(true);
    await checkScreen(page, 'review-case');

    await page.getByRole('button', { name: 'Approve this case' }).click();
    await page.getByTestId('case-decided').filter({ hasText: 'completed' }).waitFor();
    const completion = await waitForDelivery(cases[0].id, 'verification.completed');
    expect(completion.data.object).toMatchObject({ id: cases[0].id, status: 'completed' });
    await checkScreen(page, 'review-case-approved');
  }, 120_000);

  it('a rejection needs a reason, then sends verification.status_changed with it', async () => {
    const { page } = await open();
    await signIn(page, 'reviewer');
    await go(page, `/projects/${projectId()}/sessions/${cases[1].id}/case`);
    await page.getByTestId('case-decision').waitFor();
    await page.getByRole('radio', { name: /^Reject/ }).check();
    await page.getByRole('button', { name: 'Reject this case' }).click();
    // The browser's own validation (the reason is required) stops the form: nothing was decided.
    expect(
      await page.getByRole('textbox', { name: /^Reason/ }).evaluate((element) => (element as HTMLTextAreaElement).validity.valueMissing),
    ).toBe(true);
    expect((await api('GET', `/admin/v1/projects/${projectId()}/sessions/${cases[1].id}/case`)).body.session).toMatchObject({
      status: 'manual_review',
    });
    await page.getByRole('textbox', { name: /^Reason/ }).fill('document unreadable');
    await checkScreen(page, 'review-case-reject');
    await page.getByRole('button', { name: 'Reject this case' }).click();
    await page.getByTestId('case-decided').filter({ hasText: 'rejected' }).waitFor();
    const changed = await waitForDelivery(cases[1].id, 'verification.status_changed');
    expect(changed.data.object).toMatchObject({
      status: 'rejected',
      rejection_reason: 'document unreadable',
      reviewed_by: operator('reviewer').id,
    });
  }, 120_000);

  it('a read-only operator sees the case and who opened it, but cannot decide', async () => {
    const reviewer = await open();
    await signIn(reviewer.page, 'reviewer');
    await go(reviewer.page, `/projects/${projectId()}/sessions/${cases[2].id}/case`);
    await reviewer.page.getByTestId('case-decision').waitFor();

    const { page } = await open();
    await signIn(page, 'read_only');
    await go(page, `/projects/${projectId()}/environments/sandbox/review`);
    await page
      .getByRole('row')
      .filter({ hasText: cases[2].id })
      .getByTestId('opened-by')
      .filter({ hasText: operator('reviewer').email })
      .waitFor();
    await checkScreen(page, 'review-queue-opened-by');
    await go(page, `/projects/${projectId()}/sessions/${cases[2].id}/case`);
    await page.getByTestId('case-read-only').waitFor();
    expect(await page.getByTestId('case-decision').count()).toBe(0);
    await expect(page.getByTestId('case-opened-by').textContent()).resolves.toContain(operator('reviewer').email);
    await checkScreen(page, 'review-case-read-only');
    // Nor can it through the API it is signed in to.
    const refused = await page.evaluate(
      async (url) =>
        (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"decision":"approve"}' })).status,
      `/admin/v1/projects/${projectId()}/sessions/${cases[2].id}/review`,
    );
    expect([403, 401]).toContain(refused);
    expect((await api('GET', `/admin/v1/projects/${projectId()}/sessions/${cases[2].id}/case`)).body.session).toMatchObject({
      status: 'manual_review',
    });
  }, 120_000);

  it('finds a session by e-mail (hashed in the browser) and shows its history with the webhook it caused', async () => {
    const { page } = await open();
    const searched: string[] = [];
    page.on('request', (request) => searched.push(request.url()));
    await signIn(page, 'read_only');
    await go(page, `/projects/${projectId()}/environments/sandbox/sessions`);
    await page.getByLabel('E-mail or its SHA-256').fill(cases[0].email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('sessions-table').locator('tbody code').filter({ hasText: cases[0].id }).waitFor();
    // The list shown before the search had every session: wait for the search's answer.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="sessions-table"] tbody tr').length === 1);
    expect(searched.some((url) => url.includes('emailHash='))).toBe(true);
    expect(searched.some((url) => url.includes(encodeURIComponent(cases[0].email)) || url.includes(cases[0].email))).toBe(false);
    await checkScreen(page, 'sessions-search');

    await page.getByRole('link', { name: `History of ${cases[0].id}` }).click();
    await page.getByTestId('history-events').getByText('verification.completed').waitFor();
    await expect(page.getByTestId('history-status').textContent()).resolves.toBe('completed');
    await checkScreen(page, 'session-history');
  }, 120_000);
});
