import type { CreateSessionRequest, DeviceData, DocumentSide, JsonRequest, JsonResponse, MultipartFields } from './api-types';
import { HttpTransport, type TransportOptions, newIdempotencyKey } from './http-transport';
import { generateTestHeaders, generateTestHeaderString } from './test-signature';
import { verifyWebhook } from './verify-webhook';

export type KycClientOptions = TransportOptions;

export interface CallOptions {
  /** Cancels the call, retries included. */
  signal?: AbortSignal;
}

export interface CreateSessionOptions extends CallOptions {
  /** Defaults to a fresh UUID, made once and sent on every retry so a retry never makes a second session. */
  idempotencyKey?: string;
}

/** An image: its bytes (a Buffer or Uint8Array) or a Blob/File. Type and name are inferred when omitted. */
export interface ImageInput {
  image: Uint8Array | Blob;
  /** `image/jpeg` or `image/png`; read from the bytes' signature when omitted. */
  contentType?: string;
  filename?: string;
}

export interface DocumentUploadInput extends ImageInput {
  imageType: DocumentSide;
  /** true replaces a previously uploaded image of the same side. */
  isRetake?: boolean;
  capture?: MultipartFields<'uploadDocument'>['capture'];
}

export interface FaceUploadInput extends ImageInput {
  capture?: MultipartFields<'uploadFace'>['capture'];
}

/**
 * The server-side client of the identity verification API (spec part 4), authenticated with a
 * secret key. Request and answer types come from the gateway's OpenAPI document (src/gen).
 */
export class KycClient {
  readonly sessions: Sessions;
  readonly verifications: Verifications;
  /** Webhook helpers need no key; they are here so one import covers the integration. */
  readonly webhooks = { verify: verifyWebhook, generateTestHeaders, generateTestHeaderString };

  constructor(options: KycClientOptions) {
    const transport = new HttpTransport(options);
    this.sessions = new Sessions(transport);
    this.verifications = new Verifications(transport);
  }
}

/** `/v1/sessions*` */
export class Sessions {
  constructor(private readonly transport: HttpTransport) {}

  /** POST /v1/sessions, idempotent across the SDK's retries (one Idempotency-Key per call). */
  create(body: CreateSessionRequest = {}, options: CreateSessionOptions = {}): Promise<JsonResponse<'createSession'>> {
    return this.transport.request({
      method: 'POST',
      path: '/v1/sessions',
      json: body satisfies JsonRequest<'createSession'>,
      idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
      safety: 'repeatable',
      signal: options.signal,
    });
  }

  retrieve(sessionId: string, options: CallOptions = {}): Promise<JsonResponse<'getSession'>> {
    return this.transport.request({
      method: 'GET',
      path: `/v1/sessions/${segment(sessionId)}`,
      safety: 'repeatable',
      signal: options.signal,
    });
  }

  /** Replaces the session's clientMetadata (a replace, so safe to repeat). */
  update(sessionId: string, body: JsonRequest<'updateSession'>, options: CallOptions = {}): Promise<JsonResponse<'updateSession'>> {
    return this.transport.request({
      method: 'PATCH',
      path: `/v1/sessions/${segment(sessionId)}`,
      json: body,
      safety: 'repeatable',
      signal: options.signal,
    });
  }
}

/** `/v1/verifications/*` */
export class Verifications {
  constructor(private readonly transport: HttpTransport) {}

  /** One document side per call (spec 4.4): the front first, then the back when `requiresBackSide`. */
  uploadDocument(sessionId: string, input: DocumentUploadInput, options: CallOptions = {}): Promise<JsonResponse<'uploadDocument'>> {
    const form = imageForm(input, input.imageType);
    form.set('imageType', input.imageType);
    if (input.isRetake !== undefined) form.set('isRetake', String(input.isRetake));
    if (input.capture) form.set('capture', input.capture);
    return this.transport.request({
      method: 'POST',
      path: `/v1/verifications/${segment(sessionId)}/documents`,
      form,
      safety: 'once',
      signal: options.signal,
    });
  }

  /** The selfie (spec 4.5): liveness and face match run on it. */
  uploadFace(sessionId: string, input: FaceUploadInput, options: CallOptions = {}): Promise<JsonResponse<'uploadFace'>> {
    const form = imageForm(input, 'selfie');
    if (input.capture) form.set('capture', input.capture);
    return this.transport.request({
      method: 'POST',
      path: `/v1/verifications/${segment(sessionId)}/face`,
      form,
      safety: 'once',
      signal: options.signal,
    });
  }

  /** Device data (spec 2.6); repeated calls merge, so it is safe to repeat. */
  recordDeviceData(sessionId: string, body: DeviceData, options: CallOptions = {}): Promise<JsonResponse<'recordDeviceData'>> {
    return this.transport.request({
      method: 'POST',
      path: `/v1/verifications/${segment(sessionId)}/device-data`,
      json: body satisfies JsonRequest<'recordDeviceData'>,
      safety: 'repeatable',
      signal: options.signal,
    });
  }

  /** Submits for processing (spec 4.7): `completed`, `failed`, `manual_review`, `action_required` or `queued`. */
  submit(sessionId: string, options: CallOptions = {}): Promise<JsonResponse<'submitVerification'>> {
    return this.transport.request({
      method: 'POST',
      path: `/v1/verifications/${segment(sessionId)}/submit`,
      safety: 'once',
      signal: options.signal,
    });
  }

  /** The verification read (spec 4.8), including `documentNumber`, which webhooks never carry. */
  retrieve(sessionId: string, options: CallOptions = {}): Promise<JsonResponse<'getVerification'>> {
    return this.transport.request({
      method: 'GET',
      path: `/v1/verifications/${segment(sessionId)}`,
      safety: 'repeatable',
      signal: options.signal,
    });
  }
}

function segment(id: string): string {
  if (!id) throw new TypeError('sessionId is required');
  return encodeURIComponent(id);
}

function imageForm(input: ImageInput, baseName: string): FormData {
  const bytes = input.image instanceof Blob ? undefined : input.image;
  const contentType = input.contentType ?? (input.image instanceof Blob && input.image.type ? input.image.type : sniffImageType(bytes));
  const blob = input.image instanceof Blob ? input.image : new Blob([input.image], { type: contentType });
  const extension = contentType === 'image/png' ? 'png' : 'jpg';
  const form = new FormData();
  form.set('images', blob, input.filename ?? `${baseName}.${extension}`);
  return form;
}

/** JPEG and PNG by their signatures; anything else is sent as octets and the gateway answers KYC_006. */
function sniffImageType(bytes: Uint8Array | undefined): string {
  if (bytes && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  return 'application/octet-stream';
}
