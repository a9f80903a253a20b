import './widget.css';
import { encode } from 'uqr';
import { DeviceApi, DeviceApiError, type SessionProgress } from './device-api';
import { type Ending, endingOfError, endingOfStatus } from './flow';
import { catalogueFor, languageOf } from './i18n';
import { takeEmbedToken } from './link-token';
import { applyDesignTokens } from './design-tokens';

/**
 * The desktop page at qrCodeUrl (`/widget/sessions/{id}/qr#token=…&lang=…`): a QR code of a
 * one-time hand-off link to the same session for a phone, then the phone's progress, polled,
 * until the result. Plain DOM (no Lit): a handful of elements that change text.
 */

/** How often the page asks for the phone's progress: a status read, cheap, and at most 2 s behind the phone. */
const POLL_MS = 2_000;
/** Pixels per QR module and the quiet zone in modules (the QR standard asks for 4). */
const MODULE_PX = 6;
const QUIET_ZONE = 4;

const segments = location.pathname.split('/').filter(Boolean);
const sessionId = decodeURIComponent(segments[segments.length - 2] ?? '');
const language = languageOf(new URLSearchParams(location.hash.replace(/^#/, '')).get('lang'));
const text = catalogueFor(language);
const token = takeEmbedToken(sessionId, window);
document.documentElement.lang = language;
document.title = text.handoff.heading;

const root = document.getElementById('kyc-qr') as HTMLElement;
const heading = element('h1', { tabindex: '-1' }, text.handoff.heading);
const instructions = element('p', {}, text.handoff.instructions);
const canvas = element('canvas', { class: 'kyc-qr-code', role: 'img', 'aria-label': text.handoff.codeLabel });
const status = element('p', { class: 'kyc-status', role: 'status', 'aria-live': 'polite' }, '');
const newCode = element('button', { class: 'kyc-secondary', type: 'button', hidden: '' }, text.handoff.newCode);
root.append(heading, instructions, canvas, status, newCode);

let codeExpiresAt = 0;
let showingCode = false;
/** phoneOpenedAt as it was when the shown code was issued: a change means a phone opened this code. */
let openedBefore: string | null = null;

if (!token) finish('invalid');
else void follow(new DeviceApi(sessionId, token));

async function follow(api: DeviceApi): Promise<void> {
  newCode.addEventListener('click', () => void showCode(api));
  try {
    await showCode(api);
    for (;;) {
      const progress = await api.progress();
      const ending = endingOf(progress);
      if (ending) return finish(ending);
      if (showingCode && Date.now() >= codeExpiresAt) await showCode(api); // lapsed unopened: a fresh one
      describe(progress);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (error) {
    finish((error instanceof DeviceApiError && endingOfError(error.status, error.errorCode)) || 'invalid');
  }
}

/** Issues a new one-time code and draws its link. The link is never written out as text: it is for a camera. */
async function showCode(api: DeviceApi): Promise<void> {
  openedBefore = (await api.progress()).phoneOpenedAt;
  const issued = await api.handoff();
  applyDesignTokens(document.documentElement, issued.designTokens);
  codeExpiresAt = Date.parse(issued.expiresAt);
  draw(`${location.origin}/widget/handoff#code=${issued.code}`);
  canvas.hidden = false;
  instructions.hidden = false;
  newCode.hidden = true;
  showingCode = true;
  status.textContent = text.handoff.waiting;
}

/** Once a phone opened the link, the code is spent: it goes, and "show a new code" stays for a second phone. */
function describe(progress: SessionProgress): void {
  if (showingCode && progress.phoneOpenedAt !== openedBefore) {
    showingCode = false;
    canvas.hidden = true;
    instructions.hidden = true;
    newCode.hidden = false;
  }
  if (showingCode) return;
  const said =
    progress.status === 'processing'
      ? text.handoff.processing
      : progress.status === 'action_required'
        ? text.handoff.actionRequired
        : text.handoff.opened;
  if (status.textContent !== said) status.textContent = said;
}

function endingOf(progress: SessionProgress): Ending | null {
  return endingOfStatus(progress.status ?? '');
}

function finish(ending: Ending): void {
  const r = text.result;
  const [title, body] = {
    completed: [r.completedHeading, r.completedBody],
    review: [r.reviewHeading, r.reviewBody],
    failed: [r.failedHeading, r.failedBody],
    expired: [r.expiredHeading, r.expiredBody],
    closed: [r.closedHeading, r.closedBody],
    invalid: [r.invalidHeading, r.invalidBody],
    handoffUsed: [text.handoff.usedHeading, text.handoff.usedBody],
    handoffLapsed: [text.handoff.lapsedHeading, text.handoff.lapsedBody],
  }[ending];
  heading.textContent = title;
  heading.className = `kyc-result kyc-result--${ending}`;
  heading.dataset.ending = ending;
  instructions.textContent = body;
  instructions.hidden = false;
  canvas.hidden = true;
  newCode.hidden = true;
  status.textContent = '';
  heading.focus();
}

function draw(link: string): void {
  const { data, size } = encode(link, { ecc: 'M', border: QUIET_ZONE });
  canvas.width = size * MODULE_PX;
  canvas.height = size * MODULE_PX;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000';
  data.forEach((row, y) => row.forEach((dark, x) => dark && context.fillRect(x * MODULE_PX, y * MODULE_PX, MODULE_PX, MODULE_PX)));
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  content = '',
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  created.textContent = content;
  return created;
}
