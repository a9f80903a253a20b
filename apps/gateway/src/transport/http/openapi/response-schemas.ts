import { type AttemptStatusName, type SessionStatusName, attemptStatuses, sessionStatuses } from '@kyc/contracts';
import { ErrorCode } from '@kyc/errors';
import { z } from 'zod';

/**
 * The JSON bodies the gateway answers, as zod schemas: the OpenAPI document's response schemas
 * are generated from these, and the presenters are typed by them (`z.infer`), so a presenter that
 * adds, drops or retypes a field without a change here does not compile, and the committed
 * document (openapi.json) is checked against what these generate. Objects are strict: the
 * document says exactly what is sent, and schemathesis checks the running gateway against it.
 */

const sessionStatus = z
  .enum(sessionStatuses.names as [SessionStatusName, ...SessionStatusName[]])
  .nullable()
  .describe('The session status (spec part 3); null only for a status newer than this gateway build');
const attemptStatus = z
  .enum(attemptStatuses.names as [AttemptStatusName, ...AttemptStatusName[]])
  .nullable()
  .describe('The attempt status; null only for a status newer than this gateway build');
const environment = z.enum(['test', 'sandbox', 'live']);
const nullableEnvironment = environment.nullable();
const timestamp = z.string().describe('ISO 8601');
const nullableTimestamp = z.string().nullable().describe('ISO 8601, or null when not (yet) set');
const metadata = z.record(z.string(), z.unknown()).describe('clientMetadata as the integrator set it');
const issueCode = z.strictObject({ code: z.string() });

// --- Public API (spec part 2) ---

export const createdSessionResponse = z.strictObject({
  id: z.string(),
  status: sessionStatus,
  embedToken: z.string().describe('Bearer credential of the device-side calls (/v1/kyc/*) for this session only'),
  expiresAt: timestamp,
  createdAt: timestamp,
  widgetUrl: z.string(),
  qrCodeUrl: z.string(),
  allowManualUpload: z.boolean(),
  testMode: z.boolean(),
});

export const sessionResponse = z.strictObject({
  id: z.string(),
  status: sessionStatus,
  clientMetadata: metadata,
  createdAt: timestamp,
  expiresAt: timestamp,
  updatedAt: timestamp,
  userConsent: z.boolean(),
  consentTimestamp: nullableTimestamp,
});

export const consentResponse = z.strictObject({
  success: z.literal(true),
  userConsent: z.boolean(),
  consentTimestamp: timestamp,
  textVersion: z.string(),
  locale: z.string(),
  recorded: z.boolean().describe('Whether this call recorded the consent (false: it was already in force)'),
});

export const poaJobResponse = z.strictObject({
  success: z.literal(true),
  jobId: z.string(),
  sessionId: z.string(),
  poaStatus: z.string().describe('pending, verified, rejected or manual_review'),
  reasons: z.array(z.string()).describe('Reason codes only; nothing read from the document'),
  documentKind: z.string().optional(),
  createdAt: timestamp,
  completedAt: timestamp.optional(),
});

export const documentUploadResponse = z.strictObject({
  success: z.boolean(),
  detectedDocumentType: z.string(),
  detectionConfidence: z.number(),
  uploadedImageType: z.string(),
  isValidDocument: z.boolean(),
  requiresBackSide: z.boolean(),
  uploadedSides: z.record(z.string(), z.boolean()).describe('Each side uploaded so far: whether it was accepted'),
  readyForVerification: z.boolean(),
  nextStepMessage: z.string(),
  issues: z.array(z.strictObject({ code: z.string(), scope: z.string() })).optional(),
});

export const faceUploadResponse = z.strictObject({
  success: z.boolean(),
  confidence: z.number(),
  message: z.string(),
  readyForFinalVerification: z.boolean(),
});

export const deviceDataResponse = z.strictObject({
  success: z.literal(true),
  deviceData: z.record(z.string(), z.string()).describe('The fields recorded (empty ones left out)'),
});

const extractedData = z
  .record(z.string(), z.string())
  .describe(
    'Fields read from the document, each present only when read: fullName, firstName, lastName, dateOfBirth, nationality, sex (and on GET documentNumber, issueDate, expiryDate, placeOfBirth)',
  );

/** Spec 2.7: which fields appear depends on the status. */
export const submitResponse = z.strictObject({
  success: z.boolean(),
  status: sessionStatus,
  timestamp,
  confidence: z.number().optional().describe('completed only'),
  data: z
    .strictObject({ documentType: z.string(), extractedData, verificationAttemptId: z.string() })
    .optional()
    .describe('completed only'),
  message: z.string().optional(),
  issues: z.array(issueCode).optional().describe('action_required and manual_review'),
  nextAction: z.string().optional().describe('action_required only'),
});

const reviewedAttempt = z.strictObject({
  id: z.string(),
  status: attemptStatus,
  confidence: z.number(),
  failureReason: z.string().nullable(),
});
const decidedAttempt = z.strictObject({
  id: z.string(),
  status: attemptStatus,
  confidence: z.number(),
  documentType: z.string().optional(),
  faceMatchStatus: z.string().optional(),
  faceMatchScore: z.number().optional(),
  poaStatus: z.string().nullable(),
  failureReason: z.string().nullable(),
  isReused: z.boolean(),
  extractedData,
  createdAt: timestamp,
});

/** Spec 2.9: while under review the attempt shows only id, status, confidence, failureReason. */
export const verificationResponse = z.strictObject({
  sessionId: z.string(),
  status: sessionStatus,
  testMode: z.boolean(),
  clientMetadata: metadata,
  createdAt: timestamp,
  expiresAt: timestamp,
  updatedAt: timestamp,
  verification: z.union([decidedAttempt, reviewedAttempt]).nullable(),
  issues: z.array(issueCode).optional(),
  nextAction: z.string().optional(),
});

const colors = z.strictObject({
  primary: z.string(),
  onPrimary: z.string(),
  text: z.string(),
  mutedText: z.string(),
  surface: z.string(),
  background: z.string(),
});

export const designTokensResponse = z.strictObject({
  object: z.literal('design_tokens'),
  environment: nullableEnvironment,
  colors,
  cornerRadiusPx: z.number(),
  fontFamily: z.string(),
  logoUrl: z.string().nullable(),
  cssVariables: z.record(z.string(), z.string()).describe('The same values as the CSS custom properties the widget stylesheet reads'),
  updatedAt: nullableTimestamp,
});

export const brandingResponse = designTokensResponse.extend({ object: z.literal('branding'), projectId: z.string() });

export const widgetSessionResponse = z.strictObject({
  sessionId: z.string(),
  status: sessionStatus,
  language: z.string(),
  testMode: z.boolean(),
  allowManualUpload: z.boolean(),
  poaRequired: z.boolean(),
  userConsent: z.boolean(),
  nextAction: z.string().nullable(),
  expiresAt: z.string(),
  designTokens: designTokensResponse.nullable(),
});

export const livenessCheckResponse = z.strictObject({ isLive: z.boolean(), confidence: z.number() });
export const handoffIssuedResponse = z.strictObject({ code: z.string(), expiresAt: timestamp, designTokens: designTokensResponse });
export const handoffExchangedResponse = z.strictObject({ sessionId: z.string(), embedToken: z.string() });
export const widgetProgressResponse = z.strictObject({
  sessionId: z.string(),
  status: sessionStatus,
  expiresAt: timestamp,
  phoneOpenedAt: nullableTimestamp,
});
export const healthResponse = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  services: z.record(z.string(), z.boolean()).describe('Each service: whether its gRPC health check answered SERVING'),
});

// --- Admin API ---

export const projectResponse = z.strictObject({
  id: z.string(),
  name: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  moderationStatus: z.string(),
  createdAt: timestamp,
});
export const environmentKeysResponse = z.strictObject({
  secretKey: z.string().describe('Shown in this answer only'),
  publishableKey: z.string(),
  secretKeyId: z.string(),
  publishableKeyId: z.string(),
});
export const createdProjectResponse = z.strictObject({
  project: projectResponse,
  keys: z.record(z.string(), environmentKeysResponse).describe('One key pair per environment: test, sandbox, live'),
});
export const projectListResponse = z.strictObject({ projects: z.array(projectResponse) });
export const apiKeyResponse = z.strictObject({
  id: z.string(),
  environment: nullableEnvironment,
  kind: z.string().describe('secret or publishable'),
  prefix: z.string(),
  status: z.string().describe('active or revoked'),
  createdAt: timestamp,
  revokedAt: nullableTimestamp,
  publishableKey: z.string().optional(),
});
export const apiKeyListResponse = z.strictObject({ keys: z.array(apiKeyResponse) });
export const rotatedKeysResponse = environmentKeysResponse.extend({ environment });
export const environmentSettingsResponse = z.strictObject({
  environment: nullableEnvironment,
  poaRequiredForVerification: z.boolean(),
  poaMaxAgeMonths: z.number(),
  allowManualUpload: z.boolean(),
  vaultReuseEnabled: z.boolean(),
  vaultReuseMaxAgeDays: z.number(),
  vaultReuseBilling: z.string(),
  biometricRetentionDays: z.number(),
  updatedAt: nullableTimestamp,
});

export const balanceResponse = z.strictObject({
  projectId: z.string(),
  environment: nullableEnvironment,
  balance: z.number(),
  trialRemaining: z.number(),
  creditLimit: z.number(),
});
export const ledgerPageResponse = z.strictObject({
  entries: z.array(
    z.strictObject({
      id: z.string(),
      kind: z.string(),
      amount: z.number(),
      source: z.string().nullable(),
      sessionId: z.string().nullable(),
      balanceAfter: z.number().nullable(),
      trialRemainingAfter: z.number().nullable(),
      creditLimitAfter: z.number().nullable(),
      createdAt: timestamp,
    }),
  ),
  nextBefore: z.string().nullable().describe('Pass as `before` for the next page; null on the last page'),
});

export const webhookEndpointResponse = z.strictObject({
  url: z.string(),
  secret: z.string().optional().describe('Only when this call created the endpoint'),
});
export const webhookEndpointStateResponse = z.strictObject({
  url: z.string(),
  updatedAt: nullableTimestamp,
  previousSecretExpiresAt: nullableTimestamp.describe(
    'Until when the rotated-out secret still signs beside the current one; null when none does',
  ),
});
export const rotatedWebhookSecretResponse = z.strictObject({
  url: z.string(),
  secret: z.string(),
  previousSecretExpiresAt: nullableTimestamp,
});
const deliveryAttempt = z.strictObject({
  attempt: z.number(),
  statusCode: z.number().describe('0 when no HTTP answer came back'),
  latencyMs: z.number(),
  error: z.string(),
  at: timestamp,
});
export const webhookDeliveryResponse = z.strictObject({
  id: z.string(),
  eventId: z.string(),
  type: z.string(),
  sessionId: z.string(),
  status: z.string().describe('pending, sending, delivered or failed'),
  attempts: z.number(),
  nextAttemptAt: nullableTimestamp,
  createdAt: timestamp,
  deliveredAt: nullableTimestamp,
  attemptLog: z.array(deliveryAttempt),
});
export const webhookDeliveryListResponse = z.strictObject({ deliveries: z.array(webhookDeliveryResponse) });

export const adminSessionListResponse = z.strictObject({
  sessions: z.array(
    z.strictObject({
      id: z.string(),
      environment: nullableEnvironment,
      status: sessionStatus,
      testMode: z.boolean(),
      createdAt: timestamp,
      updatedAt: timestamp,
      expiresAt: timestamp,
    }),
  ),
  nextBefore: z.string().nullable().describe('Pass as `before` for the next page (newest first); null on the last page'),
});
export const reviewResponse = z.strictObject({ sessionId: z.string(), status: sessionStatus, verificationAttemptId: z.string() });

const weights = z.strictObject({ detectionConfidence: z.number(), faceMatchScore: z.number(), livenessConfidence: z.number() });
const policyOverrides = z.strictObject({
  autoApproveThreshold: z.number().optional(),
  weights: weights.optional(),
  lowSeverityPenalty: z.number().optional(),
  duplicates: z.string().optional(),
});
const policySettings = z
  .strictObject({
    autoApproveThreshold: z.number(),
    weights: weights.nullable(),
    lowSeverityPenalty: z.number(),
    duplicates: z.string(),
  })
  .nullable();
export const scoringPolicyResponse = z.strictObject({
  projectId: z.string(),
  environment: nullableEnvironment,
  revision: z.number(),
  version: z.number(),
  overrides: policyOverrides,
  effective: policySettings,
  defaults: policySettings,
  updatedAt: nullableTimestamp,
});
const explanationEntry = z.strictObject({
  signal: z.string(),
  value: z.number(),
  weight: z.number(),
  rule: z.string(),
  code: z.string().optional(),
  source: z.string().optional(),
  kind: z.string().optional(),
  severity: z.string().optional(),
  side: z.string().optional(),
  detail: z.string().optional(),
});
export const storedDecisionResponse = z.strictObject({
  id: z.string(),
  sessionId: z.string(),
  attemptId: z.string(),
  environment: nullableEnvironment,
  outcome: z.string().nullable(),
  confidence: z.number(),
  issueCodes: z.array(z.string()),
  nextAction: z.string().nullable(),
  failureReason: z.string().nullable(),
  ruleFired: z.string(),
  explanation: z.array(explanationEntry),
  policy: z.strictObject({ revision: z.number(), version: z.number(), overrides: policyOverrides, effective: policySettings }).nullable(),
  createdAt: timestamp,
});
export const decisionListResponse = z.strictObject({ decisions: z.array(storedDecisionResponse) });

export const operatorResponse = z.strictObject({
  id: z.string(),
  email: z.string(),
  role: z.string().describe('admin, reviewer or read_only'),
  status: z.string().describe('active or disabled'),
  createdAt: timestamp,
  disabledAt: nullableTimestamp,
  createdBy: z.string().nullable(),
});
export const createdOperatorResponse = z.strictObject({
  operator: operatorResponse,
  token: z.string().describe('The operator API token (opk_…); shown in this answer only'),
  password: z.string().describe('Shown in this answer only'),
});
export const operatorListResponse = z.strictObject({ operators: z.array(operatorResponse) });
export const currentOperatorResponse = z.strictObject({ id: z.string(), role: z.string(), bootstrap: z.boolean() });
export const auditLogResponse = z.strictObject({
  entries: z.array(
    z.strictObject({
      id: z.string(),
      occurredAt: timestamp,
      operatorId: z.string(),
      operatorRole: z.string(),
      action: z.string(),
      target: z.string().nullable(),
      outcome: z.string(),
      statusCode: z.number(),
      requestId: z.string(),
      channel: z.string(),
    }),
  ),
  nextBefore: z.string().nullable(),
});

export const deadLetterResponse = z.strictObject({
  id: z.string(),
  group: z.string(),
  topic: z.string(),
  eventId: z.string().nullable(),
  eventType: z.string().nullable(),
  reason: z.string(),
  origin: z.string(),
  lastError: z.string(),
  attempts: z.number(),
  status: z.enum(['dead', 'replay_requested', 'replayed']),
  firstFailedAt: timestamp,
  lastFailedAt: timestamp,
  deadLetteredAt: timestamp,
  replayRequestedAt: nullableTimestamp,
  replayedAt: nullableTimestamp,
});
export const deadLetterListResponse = z.strictObject({ deadLetters: z.array(deadLetterResponse), total: z.number() });
export const deadLetterReplayResponse = z.strictObject({ requested: z.number() });

// --- Errors (spec 7.1 and docs/errors.md) ---

const errorCode = z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]);
const errorDetails = z.union([z.record(z.string(), z.unknown()), z.string()]);

/** The spec's envelope: /v1/verifications/*, /v1/kyc/*. */
export const errorEnvelope = z.strictObject({
  statusCode: z.number().int(),
  timestamp,
  path: z.string(),
  errorCode,
  retryable: z.boolean(),
  message: z.string(),
  details: errorDetails.optional(),
});

/** Our flat format: /v1/sessions*, /admin/v1/* and the rest; extra fields a situation carries sit beside these. */
export const flatError = z
  .object({
    statusCode: z.number().int(),
    error: z.string().describe('The HTTP reason phrase'),
    errorCode,
    message: z.string(),
    timestamp,
  })
  .catchall(z.unknown());

export type CreatedSessionResponse = z.infer<typeof createdSessionResponse>;
export type SessionResponse = z.infer<typeof sessionResponse>;
export type ConsentResponse = z.infer<typeof consentResponse>;
export type PoaJobResponse = z.infer<typeof poaJobResponse>;
export type DocumentUploadResponse = z.infer<typeof documentUploadResponse>;
export type FaceUploadResponse = z.infer<typeof faceUploadResponse>;
export type DeviceDataResponse = z.infer<typeof deviceDataResponse>;
export type SubmitResponse = z.infer<typeof submitResponse>;
export type VerificationResponse = z.infer<typeof verificationResponse>;
export type DesignTokensResponse = z.infer<typeof designTokensResponse>;
export type BrandingResponse = z.infer<typeof brandingResponse>;
export type WidgetSessionResponse = z.infer<typeof widgetSessionResponse>;

// --- The reviewer's side (issue 29): queue, case, history, search ---

const caseMark = z
  .strictObject({
    operatorId: z.string().describe('An operator id, or `bootstrap`'),
    operatorEmail: z.string().nullable().describe('Null for the bootstrap credential'),
    openedAt: timestamp,
    expiresAt: timestamp.describe('openedAt + 15 minutes: after it the mark is no longer shown'),
  })
  .describe('Someone opened the case; it informs, it never locks');
export const reviewQueueResponse = z.strictObject({
  environment: nullableEnvironment,
  count: z.number().describe('Sessions in manual_review in this environment'),
  oldestInReviewSince: nullableTimestamp,
  items: z.array(
    z.strictObject({
      sessionId: z.string(),
      environment: nullableEnvironment,
      testMode: z.boolean(),
      createdAt: timestamp,
      inReviewSince: timestamp.describe('When the session went to manual_review'),
      ageSeconds: z.number().describe('Seconds since inReviewSince, at the time of the answer'),
      issueCodes: z.array(z.string()),
      openedBy: z.array(caseMark),
    }),
  ),
});
const caseSide = z.strictObject({
  side: z.string().nullable().describe('front, back or main'),
  detectedDocumentType: z.string(),
  detectionConfidence: z.number(),
  extracted: z.record(z.string(), z.string()).describe('The fields as combined (MRZ first, then VIZ)'),
  mrz: z
    .strictObject({
      valid: z.boolean(),
      failedCheckDigits: z.array(z.string()),
      fields: z.record(z.string(), z.string()),
    })
    .nullable()
    .describe('Null when this side has no MRZ'),
  viz: z.record(z.string(), z.string()).describe('What the visual zone read, by field'),
  problems: z.array(z.string()),
  imageAvailable: z.boolean(),
});
export const reviewCaseResponse = z.strictObject({
  session: z.strictObject({
    id: z.string(),
    environment: nullableEnvironment,
    status: sessionStatus,
    testMode: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
    expiresAt: timestamp,
    inReviewSince: nullableTimestamp,
  }),
  attempt: z
    .strictObject({
      id: z.string(),
      status: z.string(),
      confidence: z.number().nullable(),
      documentType: z.string().nullable(),
      faceMatchStatus: z.string().nullable(),
      faceMatchScore: z.number().nullable(),
      failureReason: z.string().nullable(),
      issueCodes: z.array(z.string()),
      extractedData: z.record(z.string(), z.string()),
      duplicateSuspected: z.boolean(),
      createdAt: timestamp,
      decidedAt: nullableTimestamp,
      reviewedBy: z.string().nullable(),
      reviewedAt: nullableTimestamp,
    })
    .nullable(),
  openedBy: z.array(caseMark).describe("Other operators' marks of the last 15 minutes (the caller's own is left out)"),
  sides: z.array(caseSide),
  signals: z.array(z.strictObject({ code: z.string(), kind: z.string(), severity: z.string(), scope: z.string(), detail: z.string() })),
  decisions: z.array(storedDecisionResponse).describe('The scoring runs, newest first, with what fired and why'),
  duplicate: z
    .strictObject({
      suspected: z.boolean(),
      earlierSessionIds: z.array(z.string()).describe('The earlier verifications of this project environment the face matched'),
      explanation: z.array(explanationEntry).describe("The scoring explanation's duplicate lines"),
    })
    .describe('A face seen before under another identity or e-mail'),
  images: z
    .array(z.strictObject({ name: z.string().describe('front, back, main, portrait or selfie'), url: z.string() }))
    .describe('Each image decrypted on request at its url (Cache-Control: no-store)'),
  imagesPurged: z.boolean().describe("The session's document images are gone (a terminal state's purge, a failure, retention)"),
});
export const sessionHistoryResponse = z.strictObject({
  session: reviewCaseResponse.shape.session,
  events: z
    .array(
      z.strictObject({
        at: timestamp,
        kind: z.enum(['transition', 'attempt_started', 'attempt_decided', 'reviewed', 'webhook_delivery']),
        fromStatus: z.string().nullable(),
        toStatus: z.string().nullable(),
        attemptId: z.string().nullable(),
        attemptStatus: z.string().nullable(),
        reviewedBy: z.string().nullable(),
        failureReason: z.string().nullable(),
        delivery: webhookDeliveryResponse.nullable(),
      }),
    )
    .describe('Every transition, attempt and webhook delivery of the session, oldest first'),
});
