import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { imageToY4m } from './y4m';

/** Debian's Chromium (toolchain.md); CHROMIUM_PATH points elsewhere. Playwright downloads nothing. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether the suite can run. Under CI a missing Chromium fails the suite (it must be installed by
 * .ci/run); on a developer machine without it the suite is skipped with a message saying so.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI === 'true') {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: CI must install it (apt-get install chromium, see .ci/run)`);
  }
  console.warn(`[browser tests] SKIPPED: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);
  return false;
}

/**
 * Chromium's fake camera reads one Y4M file, named at launch; it opens the file each time a
 * capture starts, and the widget opens the camera afresh on every capture screen. So a test
 * "holds up" a document or a face by replacing the file (atomically, by rename) before the screen
 * that captures it.
 */
export class FakeCamera {
  readonly file: string;

  constructor(dir: string) {
    this.file = path.join(dir, 'camera.y4m');
  }

  async show(image: Buffer): Promise<void> {
    const next = `${this.file}.${process.pid}.tmp`;
    writeFileSync(next, await imageToY4m(image));
    renameSync(next, this.file);
  }
}

export async function launchChromium(camera: FakeCamera): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${camera.file}`,
    ],
  });
}

/** What a page did that the widget must never do: break its CSP or talk to another origin. */
export interface PageWatch {
  page: Page;
  context: BrowserContext;
  cspViolations: () => Promise<string[]>;
  foreignRequests: string[];
  consoleErrors: string[];
}

/** A fresh context (own sessionStorage) and page, watched for CSP violations and requests to other origins. */
export async function openWatchedPage(browser: Browser, baseUrl: string, options: { camera?: boolean } = {}): Promise<PageWatch> {
  const context = await browser.newContext({ viewport: { width: 480, height: 900 }, deviceScaleFactor: 1 });
  if (options.camera !== false) await context.grantPermissions(['camera'], { origin: baseUrl });
  // Init scripts run through the DevTools protocol, so they work under the page's CSP without weakening it.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  if (options.camera === false) {
    await context.addInitScript(() => {
      // A device without a camera (or one the user refused): getUserMedia rejects as browsers do.
      Object.defineProperty(navigator, 'mediaDevices', {
        value: { getUserMedia: () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError')) },
      });
    });
  }
  const page = await context.newPage();
  const origin = new URL(baseUrl).origin;
  const foreignRequests: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('blob:') && !url.startsWith('data:')) foreignRequests.push(url);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return {
    page,
    context,
    foreignRequests,
    consoleErrors,
    cspViolations: () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []),
  };
}

export const REPORT_DIR = path.resolve(__dirname, '..', '..', '..', 'reports', 'widget');

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(REPORT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(REPORT_DIR, `${name}.png`), fullPage: true });
}
