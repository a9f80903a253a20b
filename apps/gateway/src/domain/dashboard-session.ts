import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The dashboard's sign-in session (issue 29): an opaque random id in a cookie, kept server-side
 * as its SHA-256 only (gateway.dashboard_sessions), ending after `idleSeconds` without a call
 * (sliding) and at `absoluteSeconds` after sign-in whatever happens.
 *
 * 15 minutes idle: the dashboard shows personal data (review cases) and can rotate keys, so an
 * unattended screen must lock soon; the same figure as the failed-auth window. 8 hours absolute:
 * one working day, then a fresh password check.
 */
export interface DashboardSessionPolicy {
  idleSeconds: number;
  absoluteSeconds: number;
}

export const DEFAULT_DASHBOARD_SESSION_POLICY: DashboardSessionPolicy = { idleSeconds: 15 * 60, absoluteSeconds: 8 * 60 * 60 };

/** Without TLS the plain name; over TLS the `__Host-` prefix, which browsers accept only with Secure, Path=/ and no Domain. */
export const DASHBOARD_COOKIE = 'kyc_dashboard';
export const DASHBOARD_COOKIE_TLS = '__Host-kyc_dashboard';

export const CSRF_HEADER = 'x-csrf-token';

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes (256 bits) in base64url. */
export const issueDashboardSessionId = (): string => randomBytes(32).toString('base64url');

export const looksLikeDashboardSessionId = (value: string): boolean => SESSION_ID.test(value);

/** 256 random bits need no slow hash: the digest is the lookup key, so no secret-dependent comparison happens in code. */
export const dashboardSessionDigest = (sessionId: string): Buffer => createHash('sha256').update(sessionId, 'utf8').digest();

/**
 * The session's CSRF token: an HMAC of a fixed label keyed by the session id. It needs no storage,
 * cannot be computed from what the database holds (the digest), and is worthless without the
 * cookie; a page on another origin can read neither.
 */
export const csrfTokenOf = (sessionId: string): string =>
  createHmac('sha256', sessionId).update('kyc-dashboard-csrf-v1').digest('base64url');

/** Constant-time: a wrong token of the right length takes as long as the right one. */
export function csrfTokenMatches(sessionId: string, presented: unknown): boolean {
  if (typeof presented !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(sessionId));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The Set-Cookie value that starts a session: no Max-Age (gone with the browser), the server ends it sooner when idle. */
export function sessionCookie(sessionId: string, secure: boolean): string {
  return [
    `${secure ? DASHBOARD_COOKIE_TLS : DASHBOARD_COOKIE}=${sessionId}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The Set-Cookie value that removes it. */
export function clearedSessionCookie(secure: boolean): string {
  return [
    `${secure ? DASHBOARD_COOKIE_TLS : DASHBOARD_COOKIE}=`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    'Max-Age=0',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The session id in a Cookie header (either name), or null when there is none shaped like one. */
export function sessionIdFromCookies(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if ((name === DASHBOARD_COOKIE_TLS || name === DASHBOARD_COOKIE) && looksLikeDashboardSessionId(value)) return value;
  }
  return null;
}

/**
 * A cookie-authenticated write must come from a page of our own origin: the Origin header (which
 * every browser sends on a cross-origin or non-GET fetch) must name exactly this scheme, host and
 * port. A missing Origin is refused too: the dashboard's own fetches always carry one.
 */
export function sameOrigin(origin: string | undefined, protocol: string, host: string): boolean {
  if (!origin || !host) return false;
  return origin === `${protocol}://${host}`;
}

/** Methods that change nothing, so need no CSRF token. */
export const isSafeMethod = (method: string): boolean => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
