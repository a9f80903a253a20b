/**
 * The QR hand-off (issue 25, item 2): the desktop page at qrCodeUrl shows a one-time link that
 * opens the same session on a phone. The link's code is a bearer secret that a QR code exposes to
 * any camera pointed at the screen, so it lives briefly and opens once.
 */

/**
 * How long a hand-off code can be opened: long enough to fetch a phone and scan, short enough
 * that a photographed screen is soon worthless. The desktop page shows a fresh code when one lapses.
 */
export const HANDOFF_CODE_TTL_SECONDS = 10 * 60;

/** Opened and lapsed codes are kept this long (to answer "already used" rather than "unknown"), then deleted. */
export const HANDOFF_CODE_RETENTION_SECONDS = 24 * 60 * 60;

/**
 * The origin the embed script names in `?embed=` for the page's `frame-ancestors`: a plain
 * http(s) origin (scheme, host, optional port, nothing else), or null when it is not one. A
 * value that is not an origin never reaches the CSP header.
 */
export function embeddingOriginOf(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  const match = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:]+\])(:\d{1,5})?$/i.exec(value);
  return match ? value.toLowerCase() : null;
}

/** Whether the embedding page's data-email names the session's own e-mail (case-insensitive, trimmed). */
export function sameEmail(fromPage: string, ofSession: unknown): boolean {
  if (typeof ofSession !== 'string' || ofSession.trim() === '') return true;
  return fromPage.trim().toLowerCase() === ofSession.trim().toLowerCase();
}
