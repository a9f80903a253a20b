/**
 * The embed script, `GET /v1/public/widget-v2.js` (spec 4.10): registers one global object,
 * `KycWidget`, and mounts the hosted flow for a session in an iframe (`allow="camera"`), as a modal
 * or inline. It talks to the frame through the widget-frame contract (docs/widget-frame-contract.md,
 * spec 9.6): it accepts messages only from the widget's origin and that one iframe, and the frame
 * posts only to the host origin it was given. A classic script (not a module), so that it can read
 * its own `data-*` attributes; every style is set through the CSSOM, so a host CSP needs no
 * 'unsafe-inline'. Built on its own (no imports): the host loads nothing else but loader.js.
 */

/** The contract version this script speaks; the frame's messages of this version or later (additive) are accepted. */
const CONTRACT_VERSION = 1;
const SCRIPT_VERSION = '2.0.0';
const SESSION_PATH = /^\/widget\/sessions\/[A-Za-z0-9-]{1,64}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Mode = 'modal' | 'inline';

interface MountOptions {
  /** The session's widgetUrl, forwarded unchanged from the integrator's backend (spec 2.2). */
  sessionUrl?: string;
  /** The end user's e-mail as the integrator's backend knows it (required, spec 4.10); checked against the session's. */
  email?: string;
  mode?: Mode;
  /** Inline mode: the element (or a selector of it) the frame goes into. */
  target?: string | Element;
}

interface WidgetMessage {
  source: 'kyc-widget';
  version: number;
  type: string;
  sessionId?: string;
  [field: string]: unknown;
}

type Listener = (message: WidgetMessage) => void;

interface Mounted {
  frame: HTMLIFrameElement;
  container: HTMLElement;
  loading: HTMLElement;
  onMessage: (event: MessageEvent) => void;
  onKey: (event: KeyboardEvent) => void;
  previousFocus: Element | null;
}

interface KycWidgetGlobal {
  readonly version: string;
  readonly contractVersion: number;
  mount(options?: MountOptions): boolean;
  unmount(): void;
  on(type: string, listener: Listener): void;
  off(type: string, listener: Listener): void;
}

(() => {
  const page = window as unknown as { KycWidget?: KycWidgetGlobal };
  const script = document.currentScript as HTMLScriptElement | null;
  // Included twice: the first copy stays the one widget; this copy only asks it to mount (idempotent).
  if (page.KycWidget) {
    if (script?.dataset.sessionUrl) page.KycWidget.mount(optionsOf(script));
    return;
  }
  const widgetOrigin = script ? new URL(script.src, location.href).origin : location.origin;
  const listeners = new Map<string, Set<Listener>>();
  let mounted: Mounted | null = null;

  const emit = (message: WidgetMessage) => {
    for (const type of [message.type, '*']) for (const listener of listeners.get(type) ?? []) listener(message);
  };
  /** An error of the embedding itself (before any frame): reported like the frame's, with a stable code. */
  const fail = (code: string, message: string) => {
    console.error(`[KycWidget] ${code}: ${message}`);
    emit({ source: 'kyc-widget', version: CONTRACT_VERSION, type: 'error', code, message });
    return false;
  };

  const mount = (options: MountOptions = {}): boolean => {
    if (mounted) return true; // one widget per page, however often mount is called
    const email = (options.email ?? '').trim();
    if (!EMAIL.test(email)) return fail('missing_email', 'data-email (the end user e-mail) is required');
    let frameUrl: URL;
    try {
      frameUrl = new URL(options.sessionUrl ?? '');
    } catch {
      return fail('invalid_session_url', 'data-session-url must be the session widgetUrl, unchanged');
    }
    const token = new URLSearchParams(frameUrl.hash.replace(/^#/, '')).get('token');
    if (frameUrl.origin !== widgetOrigin || !SESSION_PATH.test(frameUrl.pathname) || !token) {
      return fail('invalid_session_url', 'data-session-url must be the session widgetUrl, unchanged');
    }
    const mode: Mode = options.mode === 'inline' ? 'inline' : 'modal';
    const target = typeof options.target === 'string' ? document.querySelector(options.target) : (options.target ?? null);
    if (mode === 'inline' && !target) return fail('invalid_target', 'inline mode needs data-target, the element to mount in');

    // The host origin goes in the query (the page's frame-ancestors names it), token and e-mail stay in the fragment.
    frameUrl.search = `?embed=${encodeURIComponent(location.origin)}`;
    frameUrl.hash = new URLSearchParams({ token, email }).toString();

    const frame = document.createElement('iframe');
    frame.src = frameUrl.toString();
    frame.allow = 'camera';
    frame.title = 'Identity verification';
    frame.referrerPolicy = 'no-referrer';
    frame.setAttribute('data-kyc-widget', mode);
    css(frame, { border: '0', width: '100%', height: '100%', display: 'block', background: '#fff' });

    const loading = document.createElement('div');
    loading.setAttribute('data-kyc-loading', '');
    css(loading, { position: 'absolute', inset: '0', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fff' });

    const container = document.createElement('div');
    container.setAttribute('data-kyc-widget-container', mode);
    if (mode === 'inline') {
      // A flex box, so the frame stretches to the box's height even where the host gave the target none (percent heights would not).
      css(container, { position: 'relative', width: '100%', height: '100%', minHeight: '640px', display: 'flex' });
      css(frame, { height: 'auto', flex: '1 1 auto' });
      container.append(frame, loading);
      target?.append(container);
    } else {
      container.setAttribute('role', 'dialog');
      container.setAttribute('aria-modal', 'true');
      container.setAttribute('aria-label', 'Identity verification');
      css(container, { position: 'fixed', inset: '0', zIndex: '2147483646', background: 'rgba(0,0,0,0.6)', display: 'flex' });
      const box = document.createElement('div');
      css(box, { position: 'relative', margin: 'auto', width: 'min(480px, 100vw)', height: 'min(860px, 100vh)', background: '#fff' });
      const close = document.createElement('button');
      close.type = 'button';
      close.textContent = '×';
      close.setAttribute('aria-label', 'Close');
      css(close, { position: 'absolute', top: '4px', right: '4px', zIndex: '1', font: '24px/1 sans-serif', padding: '8px 12px' });
      close.addEventListener('click', () => closeByUser());
      box.append(frame, loading, close);
      container.append(box);
      document.body.append(container);
    }

    const onMessage = (event: MessageEvent) => {
      // Both ways checked: the widget's origin, and this frame (not another frame of that origin).
      if (event.origin !== widgetOrigin || event.source !== frame.contentWindow) return;
      const message = event.data as WidgetMessage;
      if (!message || message.source !== 'kyc-widget' || typeof message.type !== 'string') return;
      if (typeof message.version !== 'number' || message.version < CONTRACT_VERSION) return;
      if (message.type === 'ready' || message.type === 'expired' || message.type === 'error') loading.remove();
      emit(message);
    };
    const onKey = (event: KeyboardEvent) => {
      if (mode === 'modal' && event.key === 'Escape') closeByUser();
    };
    window.addEventListener('message', onMessage);
    document.addEventListener('keydown', onKey);
    mounted = { frame, container, loading, onMessage, onKey, previousFocus: document.activeElement };
    showLoading(loading);
    frame.focus();
    return true;
  };

  const unmount = () => {
    if (!mounted) return;
    window.removeEventListener('message', mounted.onMessage);
    document.removeEventListener('keydown', mounted.onKey);
    mounted.container.remove();
    if (mounted.previousFocus instanceof HTMLElement) mounted.previousFocus.focus();
    mounted = null;
  };

  const closeByUser = () => {
    unmount();
    emit({ source: 'kyc-widget', version: CONTRACT_VERSION, type: 'closed' });
  };

  /** The loading screen is loader.js's (spec 4.10), loaded once beside this script; until it runs the box stays white. */
  const showLoading = (element: HTMLElement) => {
    if (document.querySelector('script[data-kyc-loader]')) {
      document.dispatchEvent(new CustomEvent('kyc-widget:loading', { detail: element }));
      return;
    }
    const loader = document.createElement('script');
    loader.src = `${widgetOrigin}/v1/public/loader.js`;
    loader.async = true;
    loader.setAttribute('data-kyc-loader', '');
    document.head.append(loader);
  };

  page.KycWidget = Object.freeze({
    version: SCRIPT_VERSION,
    contractVersion: CONTRACT_VERSION,
    mount,
    unmount,
    on(type: string, listener: Listener) {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)?.add(listener);
    },
    off(type: string, listener: Listener) {
      listeners.get(type)?.delete(listener);
    },
  });

  // Mounted from the tag's data-* attributes once the page's own scripts ran, so their KycWidget.on(...) hear everything.
  if (script?.dataset.sessionUrl || script?.dataset.email) {
    const options = optionsOf(script);
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => mount(options), { once: true });
    else setTimeout(() => mount(options), 0);
  }

  function css(element: HTMLElement, declarations: Record<string, string>): void {
    Object.assign(element.style, declarations);
  }
})();

function optionsOf(script: HTMLScriptElement): MountOptions {
  const data = script.dataset;
  return { sessionUrl: data.sessionUrl, email: data.email, mode: data.mode === 'inline' ? 'inline' : 'modal', target: data.target };
}
