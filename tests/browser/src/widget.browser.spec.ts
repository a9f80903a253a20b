import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { startStack, type RunningStack } from '@kyc/stack';
import { documentFixture, type DocumentFixture, liveSelfie } from '@kyc/verification-fixtures';
import { de } from '@kyc/widget/dist/i18n/de';
import { en } from '@kyc/widget/dist/i18n/en';
import { uk } from '@kyc/widget/dist/i18n/uk';
import { WIDGET_CONTENT_SECURITY_POLICY } from '@kyc/widget';
import { seriousAccessibilityViolations } from './axe';
import { FakeCamera, type PageWatch, chromiumAvailable, launchChromium, openWatchedPage, screenshot } from './browser';

const describeWithChromium = chromiumAvailable() ? describe : describe.skip;

/**
 * The hosted page at widgetUrl in Debian's Chromium with a fake camera, over the whole stack as
 * `npm start` runs it (one start for the suite). Sandbox cases run the real pipeline: OCR/MRZ of a
 * generated passport held up to the camera, liveness and face match of a real selfie.
 */
describeWithChromium('Hosted widget in Chromium', () => {
  let stack: RunningStack;
  let browser: Browser;
  let camera: FakeCamera;
  let dataDir: string;
  let cameraDir: string;
  let passport: DocumentFixture;
  const watches: PageWatch[] = [];
  /** The stack's log lines (warn and above), quoted when a page does not get where a test expects. */
  const stackLog: string[] = [];

  beforeAll(async () => {
    // The stack's own directory, as tests/e2e makes it (embedded PostgreSQL takes it over); the camera file beside it.
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-widget-stack-'));
    cameraDir = mkdtempSync(path.join(tmpdir(), 'kyc-widget-camera-'));
    const lines = stackLog;
    try {
      stack = await startStack({ dataDir, env: { LOG_LEVEL: 'warn', KAFKA_BROKERS: '' }, log: (line) => lines.push(line) });
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : JSON.stringify(error)}\n${lines.slice(-30).join('\n')}`);
    }
    // Lea Huber: a holder whose names need no transliteration. A camera frame of an umlaut name (seed 11, Schäfer)
    // is read 'SCHAFER' on the page beside the MRZ's SCHAEFER and sent to review as MRZ_VIZ_MISMATCH, a finding of
    // the document analysis this suite does not test.
    passport = await documentFixture({ seed: 12 });
    camera = new FakeCamera(cameraDir);
    await camera.show(passport.sides[0].image);
    browser = await launchChromium(camera);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    for (const dir of [dataDir, cameraDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  afterEach(async () => {
    for (const watch of watches.splice(0)) await watch.context.close();
  });

  const api = async (method: string, route: string, key: string, json?: unknown) => {
    const response = await fetch(stack.baseUrl + route, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    });
    return { status: response.status, body: await response.json() };
  };

  /** Sandbox cases each get a project of their own: the same face completing twice in one project is a suspected duplicate. */
  const sandboxKey = async () => {
    const created = await api('POST', '/admin/v1/projects', stack.credentials.adminToken, {
      name: `widget-${Math.random().toString(36).slice(2)}`,
    });
    expect(created.status).toBe(201);
    projectOfKey.set(created.body.keys.sandbox.secretKey, created.body.project.id);
    return created.body.keys.sandbox.secretKey as string;
  };
  const projectOfKey = new Map<string, string>();
  const testKey = () => stack.credentials.environments.test.secretKey;

  const createSession = async (key: string, language: string) => {
    const created = await api('POST', '/v1/sessions', key, {
      clientMetadata: { email: `widget-${Math.random().toString(36).slice(2)}@example.com` },
      language,
      expiryMinutes: 30,
    });
    expect(created.status).toBe(201);
    return created.body as { id: string; widgetUrl: string; embedToken: string };
  };

  const open = async (options: { camera?: boolean } = {}) => {
    const watch = await openWatchedPage(browser, stack.baseUrl, options);
    watches.push(watch);
    return watch;
  };

  /** What the page shows now, for a failure message: heading, alert, live status. */
  const shown = (page: Page) =>
    page.evaluate(() =>
      ['h1', '[role=alert]', '[role=status]']
        .map((selector) => `${selector}: ${document.querySelector(selector)?.textContent?.trim() ?? '-'}`)
        .join(' | '),
    );

  const heading = async (page: Page, text: string, timeout = 30_000) => {
    try {
      await page.locator('h1').filter({ hasText: text }).first().waitFor({ state: 'visible', timeout });
    } catch (error) {
      throw new Error(`waited for "${text}"; the page shows ${await shown(page)}; stack log: ${stackLog.slice(-10).join(' / ')}`, {
        cause: error,
      });
    }
  };

  /** The result screen, whichever it is; a wrong ending fails with what the API says about the session. */
  const ending = async (page: Page, key: string, sessionId: string, timeout = 180_000) => {
    await page
      .locator(`h1[data-ending], h1:text-is("${en.error.heading}")`)
      .first()
      .waitFor({ timeout })
      .catch(async (error) => {
        throw new Error(`no result; the page shows ${await shown(page)}; stack log: ${stackLog.slice(-10).join(' / ')}`, { cause: error });
      });
    const reached = await page.locator('h1').first().getAttribute('data-ending');
    if (reached !== 'completed') {
      const read = await api('GET', `/v1/verifications/${sessionId}`, key);
      const projectId = projectOfKey.get(key);
      const decisions = projectId
        ? (await api('GET', `/admin/v1/projects/${projectId}/sessions/${sessionId}/decisions`, stack.credentials.adminToken)).body
        : 'test mode';
      throw new Error(
        `the page ended on ${reached ?? 'an error'}; the verification: ${JSON.stringify(read.body)}; decisions: ${JSON.stringify(decisions)}`,
      );
    }
  };

  const cameraRunning = (page: Page) =>
    page.waitForFunction(() => {
      // The page enables "Take photo" once this screen's stream plays (not the last frame of the screen before).
      const video = document.querySelector('video');
      const button = document.querySelector<HTMLButtonElement>('.kyc-camera + button');
      return !!video && video.readyState >= 2 && video.videoWidth > 0 && !!button && !button.disabled;
    });

  /** Each screen: a screenshot for the report, and axe with no serious or critical finding. */
  const checkScreen = async (page: Page, name: string) => {
    await screenshot(page, name);
    expect({ screen: name, violations: await seriousAccessibilityViolations(page) }).toEqual({ screen: name, violations: [] });
  };

  const expectCleanPage = async (watch: PageWatch) => {
    expect(await watch.cspViolations()).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  };

  it('serves the page at widgetUrl under the strict CSP, with the camera allowed for itself only', async () => {
    const session = await createSession(testKey(), 'en');
    const url = new URL(session.widgetUrl);
    expect(url.pathname).toBe(`/widget/sessions/${session.id}`);
    expect(url.hash).toBe(`#token=${session.embedToken}`);
    const page = await fetch(stack.baseUrl + url.pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toBe(WIDGET_CONTENT_SECURITY_POLICY);
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(page.headers.get('permissions-policy')).toContain('camera=(self)');
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script
    expect(html).not.toMatch(/<style|style=/); // no inline style
    const script = await fetch(`${stack.baseUrl}/widget/assets/widget.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect((await fetch(`${stack.baseUrl}/widget/assets/..%2F..%2Fpackage.json`)).status).toBe(404);
  });

  it('completes a sandbox verification through the hosted page with the real pipeline (en), screen by screen', async () => {
    const key = await sandboxKey();
    const session = await createSession(key, 'en');
    expect((await api('GET', `/v1/sessions/${session.id}`, key)).body.status).toBe('pending');
    await camera.show(passport.sides[0].image);
    const watch = await open();
    const { page } = watch;
    await page.goto(session.widgetUrl);

    await heading(page, en.consent.heading);
    // Opening the page connects the session (spec part 3); the token left the address bar.
    expect((await api('GET', `/v1/sessions/${session.id}`, key)).body.status).toBe('connected');
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await checkScreen(page, 'en-01-consent');
    await page.getByRole('button', { name: en.consent.agree }).click();

    await heading(page, en.documentType.heading);
    await checkScreen(page, 'en-02-document-type');
    await page.getByLabel(en.documentType.passport).check();
    await page.getByRole('button', { name: en.documentType.continue }).click();

    await heading(page, en.capture.headingMain);
    await cameraRunning(page);
    await checkScreen(page, 'en-03-passport-capture');
    await page.getByRole('button', { name: en.capture.takePhoto }).click();
    await page.getByRole('status').filter({ hasText: en.capture.uploading }).waitFor();
    await camera.show(liveSelfie());

    await heading(page, en.capture.headingSelfie, 120_000);
    await cameraRunning(page);
    await checkScreen(page, 'en-04-selfie-capture');
    await page.getByRole('button', { name: en.capture.takePhoto }).click();

    // The processing screen lasts as long as the analysis: a fast run may reach the result before it is seen.
    await page
      .locator(`h1:text-is("${en.processing.heading}"), h1[data-ending], h1:text-is("${en.error.heading}")`)
      .first()
      .waitFor({ timeout: 120_000 });
    if (await page.locator('h1').filter({ hasText: en.processing.heading }).isVisible()) await screenshot(page, 'en-05-processing');
    await ending(page, key, session.id);
    await checkScreen(page, 'en-06-result-completed');

    const read = await api('GET', `/v1/verifications/${session.id}`, key);
    expect(read.body).toMatchObject({ status: 'completed', verification: { status: 'success', faceMatchStatus: 'MATCHED' } });
    expect(read.body.verification.extractedData.dateOfBirth).toBe(passport.expected.dateOfBirth);
    const sessionRead = await api('GET', `/v1/sessions/${session.id}`, key);
    expect(sessionRead.body.userConsent).toBe(true);
    await expectCleanPage(watch);
  });

  it('asks for a retake after KYC_007 with the explanation of its reasonCode, and completes with the clearer photo', async () => {
    // Through the file input (capture=file): Chromium's fake camera keeps its file open when the same camera
    // restarts right away, so a test cannot change what it shows between a capture and its retake.
    const key = await sandboxKey();
    const session = await createSession(key, 'en');
    const blurred = await sharp(passport.sides[0].image).resize({ width: 360 }).blur(6).jpeg({ quality: 40 }).toBuffer();
    const watch = await open();
    const { page } = watch;
    await page.goto(session.widgetUrl);
    await heading(page, en.consent.heading);
    await page.getByRole('button', { name: en.consent.agree }).click();
    await page.getByLabel(en.documentType.passport).check();
    await page.getByRole('button', { name: en.documentType.continue }).click();
    await heading(page, en.capture.headingMain);
    const file = page.getByLabel(en.capture.useFile);
    await file.setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: blurred });

    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 120_000 });
    await expect(alert.locator('h2').textContent()).resolves.toBe(en.retake.heading);
    const explanation = (await alert.locator('p').textContent()) ?? '';
    const reasons = en.retake.reasons as Record<string, string>;
    const reasonCode = Object.keys(reasons).find((code) => reasons[code] === explanation);
    // A document reason code, not the generic fallback: the page explains what the service found.
    expect(reasonCode).toMatch(/^(DOCUMENT_QUALITY_TOO_LOW|MRZ_DATA_UNREADABLE|PORTRAIT_NOT_DETECTED|LOW_DETECTION_CONFIDENCE)$/);
    await cameraRunning(page);
    await checkScreen(page, 'en-07-retake');

    await file.setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: passport.sides[0].image });
    await heading(page, en.capture.headingSelfie, 120_000);
    await page.getByLabel(en.capture.useFile).setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: liveSelfie() });
    await ending(page, key, session.id);
    const read = await api('GET', `/v1/verifications/${session.id}`, key);
    expect(read.body).toMatchObject({ status: 'completed', verification: { status: 'success' } });
    // The retaken side replaced the blurred one: no quality issue was recorded.
    expect(read.body.issues ?? []).toEqual([]);
    await expectCleanPage(watch);
  });

  it('is completed with the keyboard alone (test mode)', async () => {
    const session = await createSession(testKey(), 'en');
    await camera.show(passport.sides[0].image);
    const watch = await open();
    const { page } = watch;
    await page.goto(session.widgetUrl);
    await heading(page, en.consent.heading);

    /** Tab until the focused element's text (or label) is `name`, as a keyboard user would; then Enter. */
    const tabToAndPress = async (name: string, key = 'Enter') => {
      for (let presses = 0; presses < 15; presses++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const active = document.activeElement as HTMLElement | null;
          return (active?.closest('label')?.textContent ?? active?.textContent ?? '').trim();
        });
        if (focused === name) return page.keyboard.press(key);
      }
      throw new Error(`"${name}" is not reachable with Tab`);
    };

    await tabToAndPress(en.consent.agree);
    await heading(page, en.documentType.heading);
    await tabToAndPress(en.documentType.id_card, 'ArrowUp'); // the radio group: the checked card, then up to passport
    expect(await page.getByLabel(en.documentType.passport).isChecked()).toBe(true);
    await tabToAndPress(en.documentType.continue);
    await heading(page, en.capture.headingMain);
    await cameraRunning(page);
    // The upload is held until its status has been seen: in test mode it can answer before the
    // status is looked for, and a status that came and went cannot be waited for.
    let releaseUpload!: () => void;
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route('**/v1/kyc/upload-document', async (route) => {
      await uploadHeld;
      await route.continue();
    });
    await tabToAndPress(en.capture.takePhoto);
    await page.getByRole('status').filter({ hasText: en.capture.uploading }).waitFor();
    releaseUpload();
    await camera.show(liveSelfie());
    await heading(page, en.capture.headingSelfie, 60_000);
    await cameraRunning(page);
    await tabToAndPress(en.capture.takePhoto);
    await heading(page, en.result.completedHeading, 60_000);
    expect((await api('GET', `/v1/sessions/${session.id}`, testKey())).body.status).toBe('completed');
    await expectCleanPage(watch);
  });

  it('falls back to file upload where there is no camera (test mode)', async () => {
    const session = await createSession(testKey(), 'en');
    const watch = await open({ camera: false });
    const { page } = watch;
    await page.goto(session.widgetUrl);
    await heading(page, en.consent.heading);
    await page.getByRole('button', { name: en.consent.agree }).click();
    await page.getByLabel(en.documentType.passport).check();
    await page.getByRole('button', { name: en.documentType.continue }).click();
    await heading(page, en.capture.headingMain);
    await page.getByText(en.capture.noCamera).waitFor();
    await checkScreen(page, 'en-08-file-fallback');
    await page
      .getByLabel(en.capture.chooseFile)
      .setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: passport.sides[0].image });
    await heading(page, en.capture.headingSelfie, 60_000);
    await page.getByLabel(en.capture.chooseFile).setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: liveSelfie() });
    await heading(page, en.result.completedHeading, 60_000);
    await expectCleanPage(watch);
  });

  for (const [language, copy] of [
    ['de', de],
    ['uk', uk],
  ] as const) {
    it(`shows the ${language} copy for a session in ${language}`, async () => {
      const session = await createSession(testKey(), language);
      const watch = await open();
      const { page } = watch;
      await page.goto(session.widgetUrl);
      await heading(page, copy.consent.heading);
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      expect(await page.title()).toBe(copy.pageTitle);
      await page.getByText(copy.consent.paragraphs[0]).waitFor();
      await checkScreen(page, `${language}-01-consent`);
      await page.getByRole('button', { name: copy.consent.agree }).click();
      await heading(page, copy.documentType.heading);
      for (const type of ['passport', 'id_card', 'driver_license', 'residence_permit'] as const) {
        await page.getByLabel(copy.documentType[type]).waitFor();
      }
      await checkScreen(page, `${language}-02-document-type`);
      await expectCleanPage(watch);
    });
  }

  it("shows the environment's branding (colours, radius, font, logo) on the hosted page and the QR page, legibly", async () => {
    const admin = stack.credentials.adminToken;
    const created = await api('POST', '/admin/v1/projects', admin, { name: `branded-${Math.random().toString(36).slice(2)}` });
    const branding = `/admin/v1/projects/${created.body.project.id}/environments/test/branding`;
    const changed = await api('PATCH', branding, admin, {
      colorPrimary: '#0b6e4f',
      colorBackground: '#eef3f1',
      cornerRadiusPx: 4,
      fontFamily: 'Georgia, serif',
    });
    expect(changed.status).toBe(200);
    const logo = new FormData();
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#0b6e4f' } })
      .png()
      .toBuffer();
    logo.append('logo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${stack.baseUrl}${branding}/logo`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}` },
      body: logo,
    });
    expect(uploaded.status).toBe(200);

    const session = (await createSession(created.body.keys.test.secretKey, 'en')) as { widgetUrl: string; qrCodeUrl?: string };
    const watch = await open();
    const { page } = watch;
    await page.goto(session.widgetUrl);
    await heading(page, en.consent.heading);
    await page.locator('img.kyc-logo').waitFor();
    const look = await page.evaluate(() => {
      const button = document.querySelector('button.kyc-primary') as HTMLElement;
      const card = document.querySelector('.kyc') as HTMLElement;
      const logoImage = document.querySelector('img.kyc-logo') as HTMLImageElement;
      return {
        button: getComputedStyle(button).backgroundColor,
        page: getComputedStyle(document.body).backgroundColor,
        radius: getComputedStyle(card).borderTopLeftRadius,
        font: getComputedStyle(document.body).fontFamily,
        logoWidth: logoImage.naturalWidth,
      };
    });
    expect(look).toEqual({ button: 'rgb(11, 110, 79)', page: 'rgb(238, 243, 241)', radius: '4px', font: 'Georgia, serif', logoWidth: 300 });
    // axe checks colour contrast too: the branded screen has no serious violation.
    await checkScreen(page, 'en-10-branded-consent');
    await expectCleanPage(watch);

    const qr = await open();
    await qr.page.goto(session.qrCodeUrl!);
    await qr.page.locator('canvas').first().waitFor();
    await qr.page.waitForFunction(() => document.documentElement.style.getPropertyValue('--kyc-primary') === '#0b6e4f');
    await checkScreen(qr.page, 'en-11-branded-qr');
    await expectCleanPage(qr);
  });

  it('says so when the link carries no token', async () => {
    const session = await createSession(testKey(), 'en');
    const watch = await open();
    const { page } = watch;
    await page.goto(`${stack.baseUrl}/widget/sessions/${session.id}`);
    await heading(page, de.result.invalidHeading); // no token: the page cannot know the language, so the default (de)
    await checkScreen(page, 'de-09-invalid-link');
    await expectCleanPage(watch);
  });
});
