export { KycClient, Sessions, Verifications } from './client';
export type { CallOptions, CreateSessionOptions, DocumentUploadInput, FaceUploadInput, ImageInput, KycClientOptions } from './client';
export { KycApiError, KycConnectionError, KycError, KycTimeoutError, type ErrorCode } from './errors';
export type { BackoffOptions, RepeatSafety } from './retry-policy';
export type * from './api-types';
export type { components, operations, paths } from './gen/openapi';
export { generateTestHeaders, generateTestHeaderString, type TestSignatureInput } from './test-signature';
export { verifyWebhook, WebhookVerificationError, type VerifyOptions, type WebhookHeaders } from './verify-webhook';
