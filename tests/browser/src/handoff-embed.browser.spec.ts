import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import jsQR from 'jsqr';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import sharp from 'sharp';
import { startStack, type RunningStack } from '@kyc/stack';
import { documentFixture, type DocumentFixture, liveSelfie, spoofSelfies } from '@kyc/verification-fixtures';
import { de } from '@kyc/widget/dist/i18n/de';
import { en } from '@kyc/widget/dist/i18n/en';
import { seriousAccessibilityViolations } from './axe';
import { FakeCamera, type PageWatch, chromiumAvailable, launchChromium, openWatchedPage, screenshot } from './browser';

const describeWithChromium = chromiumAvailable() ? describe : describe.skip;

interface CreatedSession {
  id: string;
  widgetUrl: string;
  qrCodeUrl: string;
  embedToken: string;
  expiresAt: string;
  email: string;
}

/** What the host page of a test embeds: one script tag of widget-v2.js with these data-* attributes. */
interface HostSetup {
  sessionUrl: string;
  email: string;
  mode: 'modal' | 'inline';
}

/**
 * The QR hand-off (qrCodeUrl, a desktop and a phone in two browser contexts) and the embed script
 * (widget-v2.js in a host page of another origin under a strict CSP, modal and inline), over the
 * whole stack as `npm start` runs it, in Debian's Chromium.
 */
describeWithChromium('QR hand-off and embed script in Chromium', () => {
  let stack: RunningStack;
  let browser: Browser;
  let camera: FakeCamera;
  let dataDir: string;
  let cameraDir: string;
  let passport: DocumentFixture;
  let host: Server;
  let hostOrigin: string;
  let hostSetup: HostSetup;
  /** Created first, with the shortest lifetime (1 minute), so it has expired by the last case. */
  let shortSession: CreatedSession;
  const contexts: BrowserContext[] = [];
  const stackLog: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-embed-stack-'));
    cameraDir = mkdtempSync(path.join(tmpdir(), 'kyc-embed-camera-'));
    try {
      stack = await startStack({ dataDir, env: { LOG_LEVEL: 'warn', KAFKA_BROKERS: '' }, log: (line) => stackLog.push(line) });
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : JSON.stringify(error)}\n${stackLog.slice(-30).join('\n')}`);
    }
    shortSession = await createSession(testKey(), 'en', 1);
    passport = await documentFixture({ seed: 12 });
    camera = new FakeCamera(cameraDir);
    await camera.show(passport.sides[0].image);
    browser = await launchChromium(camera);
    host = await startHost();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => host?.close(resolve));
    await stack?.stop();
    for (const dir of [dataDir, cameraDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  /**
   * The integrator's page, on another origin (localhost vs the stack's 127.0.0.1), under a strict
   * CSP that names only the widget's origin for scripts and frames, as the README tells hosts.
   */
  const startHost = async () => {
    const server = createServer((request, response) => {
      const kyc = new URL(stack.baseUrl).origin;
      if (request.url === '/host.js') {
        response.writeHead(200, { 'content-type': 'text/javascript' });
        // The host's own script: hears every message and asks for a second mount (which must make no second widget).
        response.end(`window.__events = [];
KycWidget.on('*', function (message) { window.__events.push(message); });
var tag = document.querySelector('script[data-session-url]');
KycWidget.mount({ sessionUrl: tag.dataset.sessionUrl, email: tag.dataset.email, mode: tag.dataset.mode, target: tag.dataset.target });`);
        return;
      }
      const tag = `<script src="${kyc}/v1/public/widget-v2.js" data-session-url="${hostSetup.sessionUrl}" data-email="${hostSetup.email}" data-mode="${hostSetup.mode}" data-target="#kyc-inline"></script>`;
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `default-src 'none'; script-src 'self' ${kyc}; frame-src ${kyc}; img-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'`,
        'permissions-policy': `camera=(self "${kyc}")`,
      });
      // The script tag twice (a page that includes it in a layout and a view): still one widget.
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Example shop</title>
${tag}
${tag}
<script src="/host.js"></script>
</head><body><main><h1>Example shop: verify your identity</h1><div id="kyc-inline"></div></main></body></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    hostOrigin = `http://localhost:${(server.address() as AddressInfo).port}`;
    return server;
  };

  const api = async (method: string, route: string, key: string, json?: unknown) => {
    const response = await fetch(stack.baseUrl + route, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    });
    return { status: response.status, body: await response.json() };
  };
  const testKey = () => stack.credentials.environments.test.secretKey;
  /** Sandbox cases each get a project of their own: the same face completing twice in one project is a suspected duplicate. */
  const sandboxKey = async () => {
    const created = await api('POST', '/admin/v1/projects', stack.credentials.adminToken, {
      name: `embed-${Math.random().toString(36).slice(2)}`,
    });
    expect(created.status).toBe(201);
    return created.body.keys.sandbox.secretKey as string;
  };
  async function createSession(key: string, language: string, expiryMinutes = 30): Promise<CreatedSession> {
    const email = `embed-${Math.random().toString(36).slice(2)}@example.com`;
    const created = await api('POST', '/v1/sessions', key, { clientMetadata: { email }, language, expiryMinutes });
    expect(created.status).toBe(201);
    return { ...created.body, email };
  }
  const status = async (key: string, id: string) => (await api('GET', `/v1/sessions/${id}`, key)).body.status as string;

  const watched = async (options: { camera?: boolean; viewport?: { width: number; height: number } } = {}) => {
    const watch = await openWatchedPage(browser, stack.baseUrl, options);
    contexts.push(watch.context);
    if (options.viewport) await watch.page.setViewportSize(options.viewport);
    return watch;
  };

  const heading = async (scope: Page | Frame, text: string, timeout = 60_000) => {
    try {
      await scope.locator('h1').filter({ hasText: text }).first().waitFor({ state: 'visible', timeout });
    } catch (error) {
      const shown = await scope.evaluate(
        () => `${document.querySelector('h1')?.textContent} | ${document.querySelector('[role=alert]')?.textContent ?? ''}`,
      );
      throw new Error(`waited for "${text}"; shown: ${shown}; stack log: ${stackLog.slice(-10).join(' / ')}`, { cause: error });
    }
  };

  const checkScreen = async (page: Page, name: string) => {
    await screenshot(page, name);
    expect({ screen: name, violations: await seriousAccessibilityViolations(page) }).toEqual({ screen: name, violations: [] });
  };

  const expectCleanPage = async (watch: PageWatch) => {
    expect(await watch.cspViolations()).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  };

  /** Reads the QR code the desktop page shows, as a phone's camera would: from the pixels. */
  const readQrCode = async (page: Page) => {
    const png = await page.locator('canvas.kyc-qr-code').screenshot();
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    if (!decoded) throw new Error('no QR code readable on the desktop page');
    return decoded.data;
  };

  /**
   * A click inside the widget frame: the element's own click(). Playwright's pointer click retries
   * its hit-target check forever on an element of a cross-origin frame in a host page here.
   */
  const press = (scope: Frame, role: 'button', name: string) =>
    scope.getByRole(role, { name }).evaluate((element: HTMLElement) => element.click());
  const choose = (scope: Frame, label: string) => scope.getByLabel(label).evaluate((element: HTMLElement) => element.click());

  const uploadIn = (scope: Page | Frame, label: string, name: string, buffer: Buffer) =>
    scope.getByLabel(label).setInputFiles({ name, mimeType: 'image/jpeg', buffer });

  it('hands a sandbox session to a phone by QR code; the link opens once; the desktop follows to the result, action_required on one side included', async () => {
    const key = await sandboxKey();
    const session = await createSession(key, 'en');
    expect(new URL(session.qrCodeUrl).pathname).toBe(`/widget/sessions/${session.id}/qr`);

    const desktop = await watched({ camera: false, viewport: { width: 1024, height: 800 } });
    await desktop.page.goto(session.qrCodeUrl);
    await heading(desktop.page, en.handoff.heading);
    await desktop.page.getByRole('status').filter({ hasText: en.handoff.waiting }).waitFor();
    await checkScreen(desktop.page, 'qr-01-desktop-code');
    const link = await readQrCode(desktop.page);
    expect(link).toMatch(new RegExp(`^${stack.baseUrl}/widget/handoff#code=[A-Za-z0-9_-]{43}$`));
    // The desktop page is no widget: the session stays pending until the phone opens it (spec part 3).
    expect(await status(key, session.id)).toBe('pending');

    const phone = await watched({ viewport: { width: 390, height: 844 } });
    await phone.page.goto(link);
    await heading(phone.page, en.consent.heading);
    expect(new URL(phone.page.url()).pathname).toBe(`/widget/sessions/${session.id}`);
    expect(new URL(phone.page.url()).hash).toBe('');
    expect(await status(key, session.id)).toBe('connected');
    await desktop.page.getByRole('status').filter({ hasText: en.handoff.opened }).waitFor({ timeout: 10_000 });
    expect(await desktop.page.locator('canvas.kyc-qr-code').isHidden()).toBe(true);
    await checkScreen(desktop.page, 'qr-02-desktop-phone-opened');

    // The same link a second time (another phone, or the photo of the screen): refused, with a page that says so
    // (in the default language, de: the page cannot know the session's before it is let in).
    const second = await watched();
    await second.page.goto(link);
    await heading(second.page, de.handoff.usedHeading);
    await checkScreen(second.page, 'qr-03-phone-link-used');
    const replay = await fetch(`${stack.baseUrl}/v1/public/widget/handoff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: new URLSearchParams(new URL(link).hash.slice(1)).get('code') }),
    });
    expect([replay.status, (await replay.json()).errorCode]).toEqual([410, 'KYC_HANDOFF_USED']);

    // On the phone: an ID card whose front was photographed again as the back, so the pipeline asks for the back only.
    const frontTwice = await documentFixture({ seed: 14, documentType: 'id_card', faults: ['front_uploaded_as_back'] });
    const card = await documentFixture({ seed: 14, documentType: 'id_card' });
    const sideOf = (fixture: DocumentFixture, side: string) => fixture.sides.find((s) => s.side === side)?.image as Buffer;
    const { page } = phone;
    await page.getByRole('button', { name: en.consent.agree }).click();
    await page.getByLabel(en.documentType.id_card).check();
    await page.getByRole('button', { name: en.documentType.continue }).click();
    await heading(page, en.capture.headingFront);
    await uploadIn(page, en.capture.useFile, 'front.jpg', sideOf(frontTwice, 'front'));
    await heading(page, en.capture.headingBack, 120_000);
    await uploadIn(page, en.capture.useFile, 'back.jpg', sideOf(frontTwice, 'back'));
    await heading(page, en.capture.headingSelfie, 120_000);
    await screenshot(page, 'qr-04-phone-selfie');
    await uploadIn(page, en.capture.useFile, 'selfie.jpg', liveSelfie());

    await heading(page, en.capture.headingBack, 180_000);
    await page.getByText(en.actionRequired.back).waitFor();
    expect(await status(key, session.id)).toBe('action_required');
    await checkScreen(page, 'qr-05-phone-action-required-back');
    await desktop.page.getByRole('status').filter({ hasText: en.handoff.actionRequired }).waitFor({ timeout: 10_000 });
    await screenshot(desktop.page, 'qr-06-desktop-action-required');

    await uploadIn(page, en.capture.useFile, 'back.jpg', sideOf(card, 'back'));
    await heading(page, en.result.completedHeading, 180_000);
    await heading(desktop.page, en.result.completedHeading, 20_000);
    expect(await desktop.page.locator('h1').getAttribute('data-ending')).toBe('completed');
    await checkScreen(desktop.page, 'qr-07-desktop-completed');
    expect((await api('GET', `/v1/verifications/${session.id}`, key)).body).toMatchObject({ status: 'completed' });
    for (const watch of [desktop, phone, second]) await expectCleanPage(watch);
  }, 600_000);

  /** A host page embedding the widget; its messages and any CSP violation or third-party request are collected. */
  const openHost = async (setup: HostSetup) => {
    hostSetup = setup;
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 }, deviceScaleFactor: 1 });
    contexts.push(context);
    await context.grantPermissions(['camera'], { origin: stack.baseUrl });
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} blocked ${event.blockedURI}`));
    });
    const page = await context.newPage();
    const kyc = new URL(stack.baseUrl).origin;
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(kyc) && !url.startsWith(hostOrigin) && !/^(blob|data):/.test(url)) foreign.push(url);
    });
    await page.goto(`${hostOrigin}/`);
    const events = () => page.evaluate(() => (window as unknown as { __events: { type: string; [key: string]: unknown }[] }).__events);
    const frame = async () => {
      const handle = await page.waitForSelector('iframe[data-kyc-widget]');
      const content = await handle.contentFrame();
      if (!content) throw new Error('the widget frame has no content');
      return content;
    };
    const violations = async () => [
      ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
      ...(await (await frame()).evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
    ];
    const waitForEvent = (type: string, timeout = 60_000) =>
      page.waitForFunction(
        (wanted) => (window as unknown as { __events: { type: string }[] }).__events.some((e) => e.type === wanted),
        type,
        {
          timeout,
        },
      );
    return { page, events, frame, violations, foreign, waitForEvent };
  };

  it('mounts as a modal under the host page strict CSP, once although included twice, and reports ready, steps and completed (test mode)', async () => {
    const session = await createSession(testKey(), 'en');
    const hostPage = await openHost({ sessionUrl: session.widgetUrl, email: session.email, mode: 'modal' });
    const { page } = hostPage;
    await hostPage.waitForEvent('ready');
    expect(await page.locator('iframe[data-kyc-widget]').count()).toBe(1);
    const iframe = page.locator('iframe[data-kyc-widget]');
    expect(await iframe.getAttribute('allow')).toBe('camera');
    expect(await page.getByRole('dialog').count()).toBe(1);
    const frame = await hostPage.frame();
    await heading(frame, en.consent.heading);
    await screenshot(page, 'embed-01-modal-consent');
    expect(await status(testKey(), session.id)).toBe('connected');

    await press(frame, 'button', en.consent.agree);
    await choose(frame, en.documentType.passport);
    await press(frame, 'button', en.documentType.continue);
    await heading(frame, en.capture.headingMain);
    await uploadIn(frame, en.capture.useFile, 'passport.jpg', passport.sides[0].image);
    await heading(frame, en.capture.headingSelfie);
    await uploadIn(frame, en.capture.useFile, 'selfie.jpg', liveSelfie());
    await heading(frame, en.result.completedHeading);
    await hostPage.waitForEvent('completed');
    await screenshot(page, 'embed-02-modal-completed');

    const events = await hostPage.events();
    for (const event of events) expect(event).toMatchObject({ source: 'kyc-widget', version: 1, sessionId: session.id });
    expect(events.map((e) => (e.type === 'step' ? `step:${e.step}` : e.type))).toEqual([
      'ready',
      'step:consent',
      'step:document-type',
      'step:document-main',
      'step:selfie',
      'step:processing',
      'step:result',
      'completed',
    ]);
    expect(events.find((e) => e.type === 'completed')).toMatchObject({ status: 'completed' });
    expect(events.find((e) => e.type === 'ready')).toMatchObject({ status: 'connected', language: 'en' });
    expect(await status(testKey(), session.id)).toBe('completed');
    expect(await hostPage.violations()).toEqual([]);
    expect(hostPage.foreign).toEqual([]);

    // Closing the modal (its × on the host page) removes it and says so.
    await page.getByRole('button', { name: 'Close' }).click();
    await hostPage.waitForEvent('closed');
    expect(await page.locator('iframe[data-kyc-widget]').count()).toBe(0);
  });

  it('refuses another user e-mail in data-email (email_mismatch, the session stays pending) and a missing one (missing_email, no frame)', async () => {
    const session = await createSession(testKey(), 'en');
    const mismatch = await openHost({ sessionUrl: session.widgetUrl, email: 'someone.else@example.com', mode: 'modal' });
    await mismatch.waitForEvent('error');
    expect((await mismatch.events()).filter((e) => e.type === 'error')).toEqual([
      expect.objectContaining({ code: 'email_mismatch', version: 1, sessionId: session.id }),
    ]);
    await heading(await mismatch.frame(), de.result.invalidHeading); // not opened: the default language
    expect(await status(testKey(), session.id)).toBe('pending');

    const missing = await openHost({ sessionUrl: session.widgetUrl, email: '', mode: 'inline' });
    await missing.waitForEvent('error');
    // Each mount call (the tag's, the host script's) is refused the same way.
    const refusals = await missing.events();
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) expect([refusal.type, refusal.code]).toEqual(['error', 'missing_email']);
    expect(await missing.page.locator('iframe').count()).toBe(0);
  });

  it('mounts inline for a sandbox session: a spoof is refused at the selfie (the frame asks again), then a live selfie completes', async () => {
    const key = await sandboxKey();
    const session = await createSession(key, 'en');
    const hostPage = await openHost({ sessionUrl: session.widgetUrl, email: session.email, mode: 'inline' });
    const { page } = hostPage;
    await hostPage.waitForEvent('ready');
    expect(await page.locator('#kyc-inline iframe[data-kyc-widget]').count()).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    const frame = await hostPage.frame();
    await press(frame, 'button', en.consent.agree);
    await choose(frame, en.documentType.passport);
    await press(frame, 'button', en.documentType.continue);
    await heading(frame, en.capture.headingMain);
    await uploadIn(frame, en.capture.useFile, 'passport.jpg', passport.sides[0].image);
    await heading(frame, en.capture.headingSelfie, 120_000);

    await uploadIn(frame, en.capture.useFile, 'spoof.jpg', spoofSelfies()[0]);
    const alert = frame.getByRole('alert');
    await alert.waitFor({ timeout: 120_000 });
    expect(await alert.locator('p').textContent()).toBe(en.retake.reasons.SELFIE_NOT_LIVE);
    await screenshot(page, 'embed-03-inline-spoof-refused');
    // Refused by the pre-check, never uploaded: the session has no selfie and is still open.
    expect(await status(key, session.id)).toBe('connected');

    await uploadIn(frame, en.capture.useFile, 'selfie.jpg', liveSelfie());
    await hostPage.waitForEvent('completed', 180_000);
    await screenshot(page, 'embed-04-inline-completed');
    expect((await hostPage.events()).find((e) => e.type === 'completed')).toMatchObject({ status: 'completed' });
    expect((await api('GET', `/v1/verifications/${session.id}`, key)).body).toMatchObject({ status: 'completed' });
    expect(await hostPage.violations()).toEqual([]);
    expect(hostPage.foreign).toEqual([]);
  }, 420_000);

  it('reports an expired session to the host page (expired), and the frame says the link expired', async () => {
    // Created in beforeAll with expiryMinutes 1; the cases above took longer, else wait for it here.
    const wait = Date.parse(shortSession.expiresAt) + 2_000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const hostPage = await openHost({ sessionUrl: shortSession.widgetUrl, email: shortSession.email, mode: 'modal' });
    await hostPage.waitForEvent('expired');
    const events = await hostPage.events();
    expect(events.filter((e) => e.type !== 'step')).toEqual([
      expect.objectContaining({ type: 'expired', version: 1, sessionId: shortSession.id }),
    ]);
    await heading(await hostPage.frame(), de.result.expiredHeading); // not opened: the default language
    await screenshot(hostPage.page, 'embed-05-modal-expired');
    expect(hostPage.foreign).toEqual([]);
  }, 180_000);
});
