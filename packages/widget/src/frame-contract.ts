/**
 * The widget-frame contract (spec 9.6; docs/widget-frame-contract.md): the messages the hosted
 * page, framed by the embed script, posts to the host page. Versioned apart from the API and
 * additive only: a version adds fields or message types, never changes or removes one. This file
 * is the frame's half; src/embed/widget-v2.ts is the host's half and checks the same shape.
 */
import type { Ending } from './flow';

export const FRAME_CONTRACT_VERSION = 1;
/** Marks our messages among whatever else the host page receives. */
export const FRAME_MESSAGE_SOURCE = 'kyc-widget';

/** Stable codes of the `error` message; hosts branch on them. */
export type FrameErrorCode = 'invalid_link' | 'session_closed' | 'email_mismatch' | 'rate_limited' | 'unavailable';

export type FrameEvent =
  | { type: 'ready'; status: string; language: string }
  | { type: 'step'; step: string }
  | { type: 'completed'; status: 'completed' | 'manual_review' }
  | { type: 'failed'; status: 'failed' }
  | { type: 'expired' }
  | { type: 'error'; code: FrameErrorCode };

/** The screens as steps the host can follow (a retake stays on its step). */
export function stepOf(screen: { kind: string; side?: string }): string {
  if (screen.kind === 'document') return `document-${screen.side ?? 'front'}`;
  return screen.kind;
}

/** What an ending or an error screen tells the host; null: nothing beyond the step. */
export function eventOfScreen(screen: { kind: string; ending?: Ending }, errorCode: string | null): FrameEvent | null {
  if (screen.kind === 'error') return { type: 'error', code: errorCode === 'RATE_LIMITED' ? 'rate_limited' : 'unavailable' };
  if (screen.kind !== 'result') return null;
  switch (screen.ending) {
    case 'completed':
      return { type: 'completed', status: 'completed' };
    case 'review':
      return { type: 'completed', status: 'manual_review' };
    case 'failed':
      return { type: 'failed', status: 'failed' };
    case 'expired':
      return { type: 'expired' };
    case 'closed':
      return { type: 'error', code: 'session_closed' };
    default:
      return { type: 'error', code: errorCode === 'KYC_WIDGET_EMAIL_MISMATCH' ? 'email_mismatch' : 'invalid_link' };
  }
}

/**
 * The host origin the embed script named (`?embed=`), when this page really is framed by it.
 * `ancestorOrigins` (Chromium, WebKit) is checked where the browser has it; elsewhere the page's
 * `frame-ancestors` (the same origin) keeps any other framer out, and postMessage's targetOrigin
 * keeps any other window from reading what is posted.
 */
export function hostOriginOf(page: {
  location: Pick<Location, 'search'> & { ancestorOrigins?: { length: number; [index: number]: string } };
  self: unknown;
  parent: unknown;
}): string | null {
  const named = new URLSearchParams(page.location.search).get('embed');
  if (!named || page.parent === page.self) return null;
  let origin: string;
  try {
    origin = new URL(named).origin;
  } catch {
    return null;
  }
  if (origin !== named.toLowerCase()) return null;
  const ancestors = page.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== origin) return null;
  return origin;
}
