/**
 * How the hosted page gets its session's embed token: from the fragment of widgetUrl
 * (`…/widget/sessions/{id}#token=<embedToken>`). A fragment is never sent to a server, so it
 * appears in no access log, proxy log or Referer. The page takes it out of the address bar at
 * once (history.replaceState) and keeps it in sessionStorage for this tab only, so a reload
 * continues the flow and a copied address bar carries no token.
 */
const STORAGE_PREFIX = 'kyc-embed-token:';

interface PageContext {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState'>;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
}

export function takeEmbedToken(sessionId: string, page: PageContext): string | null {
  const key = STORAGE_PREFIX + sessionId;
  const fromLink = new URLSearchParams(page.location.hash.replace(/^#/, '')).get('token');
  if (fromLink) {
    page.history.replaceState(null, '', page.location.pathname + page.location.search);
    try {
      page.sessionStorage.setItem(key, fromLink);
    } catch {
      // Storage may be disabled (private modes, in-app browsers): the flow still runs, a reload needs the link again.
    }
    return fromLink;
  }
  try {
    return page.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps a token got another way (the QR hand-off's exchange) as a link's would be kept: this tab only. */
export function rememberEmbedToken(sessionId: string, token: string, page: Pick<PageContext, 'sessionStorage'>): void {
  try {
    page.sessionStorage.setItem(STORAGE_PREFIX + sessionId, token);
  } catch {
    // As above: without storage the flow runs, a reload cannot continue.
  }
}
