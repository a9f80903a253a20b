import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { de } from './i18n/de';

/** Where the built page assets are (Vite's output), for the gateway to serve under /widget/assets/. */
export const WIDGET_ASSETS_DIR = path.join(__dirname, 'web');

/** Where the embed scripts are (served under /v1/public/, spec 4.10): widget-v2.js and loader.js. */
export const EMBED_SCRIPTS_DIR = path.join(__dirname, 'public');

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * The files of a built directory the gateway serves, by name, with their media types: what the
 * build wrote (entry scripts, the stylesheet, the code shared between the pages), listed once at
 * start. Nothing else on the file system is reachable.
 */
export function servedFilesOf(dir: string): Readonly<Record<string, string>> {
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => MEDIA_TYPES[path.extname(name)])
      .map((name) => [name, MEDIA_TYPES[path.extname(name)]]),
  );
}

/** The page assets served under /widget/assets/. */
export const WIDGET_ASSET_FILES = servedFilesOf(WIDGET_ASSETS_DIR);

/**
 * The hosted pages' Content-Security-Policy: scripts, styles and requests from our own origin
 * only, no inline script or style, no eval, nothing third-party. Camera frames are drawn from a
 * MediaStream (no URL) and previews are blob: images; the page may not be framed until the embed
 * script's iframe mode names the hosts allowed to frame it.
 */
export const WIDGET_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The session page's headers when the embed script frames it for a host page: the same policy,
 * with `frame-ancestors` naming that one origin (checked to be a plain origin by the caller).
 */
export function widgetSecurityHeaders(frameAncestor: string | null): Readonly<Record<string, string>> {
  if (!frameAncestor) return WIDGET_SECURITY_HEADERS;
  return {
    ...WIDGET_SECURITY_HEADERS,
    'content-security-policy': WIDGET_CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", `frame-ancestors ${frameAncestor}`),
  };
}

/** Headers of the page and its assets: the CSP, the camera for this origin only, no referrer, no sniffing. */
export const WIDGET_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': WIDGET_CONTENT_SECURITY_POLICY,
  'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * The page at widgetUrl: the same shell for every session (the script reads the session id from
 * the path and the embed token from the fragment). Its title is the default language's (de,
 * spec 2.1) until the script knows the session's language.
 */
export function widgetPageHtml(): string {
  return `<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <title>${de.pageTitle}</title>
    <link rel="stylesheet" href="/widget/assets/widget.css" />
    <script type="module" src="/widget/assets/widget.js"></script>
  </head>
  <body>
    <kyc-widget></kyc-widget>
  </body>
</html>
`;
}

/**
 * The QR hand-off page at qrCodeUrl (`/widget/sessions/{id}/qr#token=…&lang=…`): its own small
 * script (no Lit), the same stylesheet and policy.
 */
export function qrPageHtml(): string {
  return `<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <title>${de.handoff.heading}</title>
    <link rel="stylesheet" href="/widget/assets/widget.css" />
    <script type="module" src="/widget/assets/qr.js"></script>
  </head>
  <body>
    <main id="kyc-qr" class="kyc"></main>
  </body>
</html>
`;
}
