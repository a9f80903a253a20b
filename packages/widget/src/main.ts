import './widget.css';
import { DeviceApi, DeviceApiError, exchangeHandoffCode } from './device-api';
import { FRAME_CONTRACT_VERSION, FRAME_MESSAGE_SOURCE, type FrameEvent, eventOfScreen, hostOriginOf, stepOf } from './frame-contract';
import { endingOfError } from './flow';
import { KycWidget } from './kyc-widget';
import { rememberEmbedToken, takeEmbedToken } from './link-token';

customElements.define('kyc-widget', KycWidget);

/** The page's paths: the session page `/widget/sessions/{id}` and the phone's hand-off page `/widget/handoff#code=…`. */
const HANDOFF_PATH = '/widget/handoff';

const widget = document.querySelector<KycWidget>('kyc-widget');
if (widget) void start(widget);

async function start(widget: KycWidget): Promise<void> {
  if (location.pathname === HANDOFF_PATH) return startFromHandoff(widget);
  // /widget/sessions/{id}: the embed token comes in the link's fragment (never sent to a server).
  const sessionId = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
  const email = new URLSearchParams(location.hash.replace(/^#/, '')).get('email') ?? undefined;
  const token = takeEmbedToken(sessionId, window);
  followForHost(widget, sessionId);
  if (token) watchExpiry(widget, new DeviceApi(sessionId, token));
  widget.start(sessionId, token, email);
}

/**
 * The phone's side of the QR hand-off: the one-time code is taken out of the address bar, traded
 * for the embed token, and the page becomes the session's own page (a reload continues there).
 */
async function startFromHandoff(widget: KycWidget): Promise<void> {
  const code = new URLSearchParams(location.hash.replace(/^#/, '')).get('code');
  history.replaceState(null, '', location.pathname);
  if (!code) return widget.start('', null);
  try {
    const { sessionId, embedToken } = await exchangeHandoffCode(code);
    rememberEmbedToken(sessionId, embedToken, window);
    history.replaceState(null, '', `/widget/sessions/${encodeURIComponent(sessionId)}`);
    watchExpiry(widget, new DeviceApi(sessionId, embedToken));
    widget.start(sessionId, embedToken);
  } catch (error) {
    widget.end((error instanceof DeviceApiError && endingOfError(error.status, error.errorCode)) || 'handoffLapsed');
  }
}

/**
 * A page left open past its session's expiry says so (and tells the host page) without waiting
 * for the user's next tap. The server decides: its expiry may have moved (action_required gives 24 h).
 */
function watchExpiry(widget: KycWidget, api: DeviceApi): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (expiresAt: string) => {
    clearTimeout(timer);
    const wait = Date.parse(expiresAt) - Date.now() + 1_000;
    if (Number.isFinite(wait)) timer = setTimeout(check, Math.min(Math.max(wait, 1_000), 2 ** 31 - 1));
  };
  const check = async () => {
    if (widget.screen.kind === 'result') return;
    try {
      const progress = await api.progress();
      if (progress.status === 'expired') widget.end('expired');
      else arm(progress.expiresAt);
    } catch (error) {
      if (error instanceof DeviceApiError && error.errorCode === 'KYC_003') widget.end('expired');
    }
  };
  const previous = widget.onOpened;
  widget.onOpened = (session) => {
    previous?.(session);
    arm(session.expiresAt);
  };
}

/** In the embed script's frame: the widget-frame contract's messages to the host page, to its origin only. */
function followForHost(widget: KycWidget, sessionId: string): void {
  const host = hostOriginOf(window);
  if (!host) return;
  const post = (event: FrameEvent) =>
    window.parent.postMessage({ source: FRAME_MESSAGE_SOURCE, version: FRAME_CONTRACT_VERSION, sessionId, ...event }, host);
  let lastStep = '';
  widget.onOpened = (session) => post({ type: 'ready', status: session.status, language: session.language });
  widget.onScreenChange = (screen, errorCode) => {
    if (screen.kind === 'loading') return;
    const step = stepOf(screen);
    if (step !== lastStep) post({ type: 'step', step });
    lastStep = step;
    const event = eventOfScreen(screen, errorCode);
    if (event) post(event);
  };
}
