import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { WIDGET_CONTENT_SECURITY_POLICY } from '@kyc/widget';

/** Where the built dashboard (Vite's output) is, for the gateway to serve under /dashboard/assets/. */
export const DASHBOARD_ASSETS_DIR = path.join(__dirname, 'web');

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** The built files by name with their media types, listed once at start: nothing else on the file system is reachable. */
export const DASHBOARD_ASSET_FILES: Readonly<Record<string, string>> = existsSync(DASHBOARD_ASSETS_DIR)
  ? Object.fromEntries(
      readdirSync(DASHBOARD_ASSETS_DIR)
        .filter((name) => MEDIA_TYPES[path.extname(name)])
        .map((name) => [name, MEDIA_TYPES[path.extname(name)]]),
    )
  : {};

/**
 * The hosted widget pages' Content-Security-Policy, unchanged (same origin only, no inline script
 * or style, no eval, not framed): the dashboard is held to the same rule. `blob:` images are the
 * reviewer's case images, fetched with the session cookie and shown from memory.
 */
export const DASHBOARD_CONTENT_SECURITY_POLICY = WIDGET_CONTENT_SECURITY_POLICY;

/** Headers of the page and its assets: the CSP, no device features at all, no referrer, no sniffing, same-origin only. */
export const DASHBOARD_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': DASHBOARD_CONTENT_SECURITY_POLICY,
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** The one page (/dashboard): the app routes by the address's fragment, so the server serves one shell. */
export function dashboardPageHtml(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <title>KYC dashboard</title>
    <link rel="stylesheet" href="/dashboard/assets/dashboard.css" />
    <script type="module" src="/dashboard/assets/dashboard.js"></script>
  </head>
  <body>
    <kyc-dashboard></kyc-dashboard>
  </body>
</html>
`;
}
