import { type SessionStatusName, sessionStatuses } from '@kyc/contracts';
import { z } from 'zod';
import { MAX_BASE64_IMAGE_CHARS } from './base64-image';

/** Request bodies of the public API (spec part 2). Unknown extra fields are ignored (additive). */
const clientMetadata = z
  .object({
    email: z.string().max(320).optional(),
    userId: z.string().max(255).optional(),
    name: z.string().max(255).optional(),
  })
  .catchall(z.unknown())
  .refine((value) => JSON.stringify(value).length <= 16_384, 'clientMetadata must be at most 16 KB as JSON');

export const createSessionBody = z.object({
  clientMetadata: clientMetadata.optional(),
  language: z.enum(['en', 'de', 'uk']).optional(),
  expiryMinutes: z.number().int().min(1).max(60).optional(),
});

export const updateSessionBody = z.object({ clientMetadata });

const deviceField = z.string().max(512).optional();
export const deviceDataBody = z.object({
  ipAddress: deviceField,
  userAgent: deviceField,
  fingerprint: deviceField,
  timezone: deviceField,
  language: deviceField,
  platform: deviceField,
  screenResolution: deviceField,
});

/** Optional on every image upload; with allowManualUpload off only `camera` is taken (docs/device-side.md). */
const capture = z.enum(['camera', 'file']).optional();

export const documentUploadFields = z.object({
  imageType: z.enum(['front', 'back', 'main']),
  capture,
  isRetake: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const idempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

export const sessionIdParam = z.string().max(64);
/** Spec 4.9: the device-side upload names its session in the form; it must be the embed token's. */
export const deviceDocumentUploadFields = documentUploadFields.extend({ sessionId: sessionIdParam });
export const faceUploadFields = z.object({ capture });
export const deviceFaceUploadFields = faceUploadFields.extend({ sessionId: sessionIdParam });
export const deviceProofOfAddressFields = z.object({ sessionId: sessionIdParam });
/** A proof-of-address job id; one the token's session does not own is 404, like an unknown one. */
export const poaJobIdParam = z.string().max(64);
/** The hosted page's open call; `email` is the embed script's data-email (spec 4.10), checked against the session's. */
export const openWidgetBody = z.strictObject({ email: z.email().max(320).optional() });
/** A QR hand-off code as the phone page sends it (43 base64url characters). */
export const handoffExchangeBody = z.strictObject({ code: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a hand-off code') });
/** Spec 2.10: the client sends the wording's version and the locale only; IP and user agent come from the request. */
export const consentBody = z
  .object({
    textVersion: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces'),
    locale: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/, 'a BCP 47 language tag, e.g. de-DE'),
  })
  .strict();

const environmentName = z.enum(['test', 'sandbox', 'live']);
export const adminEnvironmentParam = environmentName;
/** Project configuration per environment (spec part 1); fields left out keep their value. */
export const environmentSettingsBody = z
  .object({
    poaRequiredForVerification: z.boolean().optional(),
    poaMaxAgeMonths: z.number().int().min(1).max(24).optional(),
    allowManualUpload: z.boolean().optional(),
    vaultReuseEnabled: z.boolean().optional(),
    vaultReuseMaxAgeDays: z.number().int().min(1).max(730).optional(),
    vaultReuseBilling: z.enum(['charge', 'free']).optional(),
    /** How long a completed verification's enrolled face is kept (docs/retention.md); the session service checks the same range. */
    biometricRetentionDays: z.number().int().min(30).max(3650).optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'name at least one setting');

/** Branding of the hosted pages; colours as #rrggbb (their contrast is checked by the session service). */
export const brandingBody = z
  .object({
    colorPrimary: z.string().max(7).optional(),
    colorOnPrimary: z.string().max(7).optional(),
    colorText: z.string().max(7).optional(),
    colorSurface: z.string().max(7).optional(),
    colorBackground: z.string().max(7).optional(),
    cornerRadiusPx: z.number().int().optional(),
    fontFamily: z.string().max(200).optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'name at least one branding field');

export const createProjectBody = z.object({ name: z.string().min(1).max(200), accountName: z.string().min(1).max(200).optional() });
export const webhookBody = z.object({ url: z.url({ protocol: /^https?$/ }).max(2048) });
/** How long the replaced secret keeps signing beside the new one: 0 (not at all) to 168 hours; 24 unless given. */
export const rotateWebhookSecretBody = z.strictObject({ overlapHours: z.number().int().min(0).max(168).default(24) });
export const balanceBody = z.object({ amount: z.number().int().positive().max(1_000_000) });
export const trialBody = z.object({ trialRemaining: z.number().int().min(0).max(1_000_000) });
/** `reviewer` counts only with the bootstrap ADMIN_TOKEN; an operator's decision is recorded under the operator's id. */
export const reviewBody = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    reviewer: z.string().trim().min(1).max(200).optional(),
    reason: z.string().trim().max(1000).optional(),
  }),
  z.object({
    decision: z.literal('reject'),
    reviewer: z.string().trim().min(1).max(200).optional(),
    reason: z.string().trim().min(1).max(1000),
  }),
]);
/**
 * Scoring policy overrides (PUT replaces the whole set; `{}` resets). Strict, unlike the public
 * API: a misspelt setting must not be dropped silently and leave the default in force. Ranges and
 * the weight sum are the scoring service's to check, so every problem is listed in one answer.
 */
export const scoringPolicyBody = z.strictObject({
  autoApproveThreshold: z.number().optional(),
  // All three or none: proto3 would turn a missing weight into 0, which could still add up to 1.
  weights: z.strictObject({ detectionConfidence: z.number(), faceMatchScore: z.number(), livenessConfidence: z.number() }).optional(),
  lowSeverityPenalty: z.number().optional(),
  duplicates: z.enum(['review', 'allow']).optional(),
});
export const creditLimitBody = z.object({ creditLimit: z.number().int().min(0).max(1_000_000) });
export const balanceHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});
export const listSessionsQuery = z.object({
  environment: environmentName.optional(),
  status: z.enum(sessionStatuses.names as [SessionStatusName, ...SessionStatusName[]]).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  // Search (issue 29): one session by id, a creation range (from inclusive, to exclusive), the e-mail's hash, the next page.
  sessionId: z.string().trim().min(1).max(64).optional(),
  from: z.iso.datetime({ offset: true }).optional().describe('Created at or after this ISO 8601 instant'),
  to: z.iso.datetime({ offset: true }).optional().describe('Created before this ISO 8601 instant'),
  emailHash: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be the hex SHA-256 of the trimmed, lower-cased e-mail')
    .optional()
    .describe('Hex SHA-256 of clientMetadata.email, trimmed and lower-cased (the dashboard hashes in the browser)'),
  before: z.string().max(100).optional().describe("The previous page's nextBefore"),
});

export const livenessBase64Body = z.object({ base64: z.string().max(MAX_BASE64_IMAGE_CHARS, 'the image must be at most 10 MB') });
