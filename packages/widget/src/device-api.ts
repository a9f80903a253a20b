import type { DesignTokens } from './design-tokens';

/**
 * The device-side endpoints (spec 4.9) as the hosted page calls them: same origin, bearer embed
 * token, the spec's error envelope. The token is held in memory and sessionStorage only; it is
 * never logged and never put in a URL the server sees.
 */

export interface OpenedSession {
  sessionId: string;
  status: string;
  language: string;
  testMode: boolean;
  allowManualUpload: boolean;
  poaRequired: boolean;
  userConsent: boolean;
  nextAction: 'resubmit_front' | 'resubmit_back' | null;
  expiresAt: string;
  /** The environment's branding (GET /public/design-tokens answers the same object). */
  designTokens: DesignTokens | null;
}

export interface SessionProgress {
  sessionId: string;
  status: string;
  expiresAt: string;
  phoneOpenedAt: string | null;
}

export interface DocumentUploadAnswer {
  success: boolean;
  requiresBackSide?: boolean;
  readyForVerification?: boolean;
  detectedDocumentType?: string;
}

export interface SubmitAnswer {
  success: boolean;
  status: string;
  message?: string;
  nextAction?: 'resubmit_front' | 'resubmit_back';
  issues?: { code: string }[];
}

export interface PoaAnswer {
  poaStatus: string;
  reasons?: string[];
}

/** A refusal in the spec's envelope (7.1): `errorCode`, and for retakes `details.reasonCode`. */
export class DeviceApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly reasonCode: string | null,
    readonly details: unknown,
  ) {
    super(errorCode);
  }
}

export type Capture = 'camera' | 'file';

/**
 * The phone's side of the QR hand-off: the one-time code from the link's fragment, exchanged for
 * the session's embed token (no credential before it, hence outside DeviceApi).
 */
export async function exchangeHandoffCode(code: string): Promise<{ sessionId: string; embedToken: string }> {
  const response = await fetch('/v1/public/widget/handoff', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
    credentials: 'omit',
    cache: 'no-store',
  });
  const parsed = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return parsed as { sessionId: string; embedToken: string };
  throw new DeviceApiError(response.status, String(parsed.errorCode ?? 'UNKNOWN'), null, parsed.details);
}

export class DeviceApi {
  constructor(
    private readonly sessionId: string,
    private readonly embedToken: string,
  ) {}

  /** Our route (spec 3: the widget opening moves `pending` → `connected`); answers what the page shows. */
  open(email?: string): Promise<OpenedSession> {
    return this.json('POST', `/v1/kyc/widget/open/${this.sessionId}`, email ? { email } : {});
  }

  /** What the QR page follows, and what the page asks when its session's expiry time comes. */
  progress(): Promise<SessionProgress> {
    return this.send('GET', `/v1/kyc/widget/progress/${this.sessionId}`);
  }

  /** A one-time hand-off code for the QR page (10 minutes, opens once). */
  handoff(): Promise<{ code: string; expiresAt: string; designTokens: DesignTokens | null }> {
    return this.json('POST', `/v1/kyc/widget/handoff/${this.sessionId}`, {});
  }

  consent(textVersion: string, locale: string): Promise<unknown> {
    return this.json('POST', `/v1/kyc/consent/${this.sessionId}`, { textVersion, locale });
  }

  uploadDocument(imageType: 'front' | 'back' | 'main', image: Blob, capture: Capture, isRetake: boolean): Promise<DocumentUploadAnswer> {
    const form = this.form({ imageType, capture, ...(isRetake ? { isRetake: 'true' } : {}) });
    form.append('images', image, `${imageType}.${extensionOf(image)}`);
    return this.send('POST', '/v1/kyc/upload-document', form);
  }

  checkLiveness(base64: string): Promise<{ isLive: boolean; confidence: number }> {
    return this.json('POST', '/v1/kyc/check_liveness_base64', { base64 });
  }

  uploadFace(image: Blob, capture: Capture): Promise<unknown> {
    const form = this.form({ capture });
    form.append('images', image, `selfie.${extensionOf(image)}`);
    return this.send('POST', '/v1/kyc/upload-face', form);
  }

  uploadProofOfAddress(file: Blob, name: string): Promise<PoaAnswer> {
    const form = this.form({});
    form.append('document', file, name);
    return this.send('POST', '/v1/kyc/upload-proof-of-address', form);
  }

  complete(): Promise<SubmitAnswer> {
    return this.send('POST', `/v1/kyc/complete-verification/${this.sessionId}`);
  }

  private form(fields: Record<string, string>): FormData {
    const form = new FormData();
    form.append('sessionId', this.sessionId);
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return form;
  }

  private json<T>(method: string, path: string, body: unknown): Promise<T> {
    return this.send(method, path, JSON.stringify(body), 'application/json');
  }

  private async send<T>(method: string, path: string, body?: BodyInit, contentType?: string): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.embedToken}` };
    if (contentType) headers['content-type'] = contentType;
    const response = await fetch(path, { method, headers, body, credentials: 'omit', cache: 'no-store' });
    const text = await response.text();
    const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (response.ok) return parsed as T;
    throw new DeviceApiError(response.status, String(parsed.errorCode ?? 'UNKNOWN'), reasonCodeOf(parsed.details), parsed.details);
  }
}

/** `details.reasonCode` of a retake (KYC_007, KYC_015); the selfie's spoof details are `REASON|SPOOF|<kind>`. */
export function reasonCodeOf(details: unknown): string | null {
  if (details && typeof details === 'object' && 'reasonCode' in details) {
    const code = (details as { reasonCode: unknown }).reasonCode;
    return typeof code === 'string' ? code : null;
  }
  return typeof details === 'string' ? details : null;
}

function extensionOf(image: Blob): string {
  return image.type === 'image/png' ? 'png' : image.type === 'application/pdf' ? 'pdf' : 'jpg';
}
