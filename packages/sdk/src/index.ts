export { verifyWebhook, WebhookVerificationError, type VerifyOptions, type WebhookHeaders } from './verify-webhook';
