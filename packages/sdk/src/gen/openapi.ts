/**
 * GENERATED FILE, DO NOT EDIT: `npm run openapi:types -w @kyc/sdk` rewrites it.
 * Generator: openapi-typescript 7.13.0
 * Document: apps/gateway/openapi.json ("Identity verification API", info.version 2026-06-01)
 * Document sha256: 36bdcd777ca3154c4a0307e34974cfdff5d4c38f10ccc857d5c17b6f520c684c
 */
export interface paths {
    "/v1/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a verification session
         * @description Spec 4.1. With Idempotency-Key, a retry with the same body answers the same session.
         */
        post: operations["createSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a session */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Replace a session's clientMetadata */
        patch: operations["updateSession"];
        trace?: never;
    };
    "/v1/verifications/{sessionId}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a document side
         * @description Spec 4.4: one side per call, JPG or PNG at most 10 MB in the field `images`.
         */
        post: operations["uploadDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/verifications/{sessionId}/face": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload the selfie
         * @description Spec 4.5: JPG or PNG at most 10 MB in the field `images`.
         */
        post: operations["uploadFace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/verifications/{sessionId}/device-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record the end user's device data */
        post: operations["recordDeviceData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/verifications/{sessionId}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit the session for verification */
        post: operations["submitVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/verifications/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the verification result */
        get: operations["getVerification"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc/check_liveness_base64": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Liveness pre-check of a base64 image (nothing stored) */
        post: operations["checkLiveness"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc/upload-document": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a document side from the device */
        post: operations["deviceUploadDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc/upload-face": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload the selfie from the device */
        post: operations["deviceUploadFace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc/upload-proof-of-address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a proof of address and wait for its analysis */
        post: operations["deviceUploadProofOfAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc/upload-proof-of-address/async": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a proof of address; answered at once with a pending job */
        post: operations["deviceUploadProofOfAddressAsync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc/poa-status/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a proof-of-address job */
        get: operations["deviceProofOfAddressStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc/consent/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the end user's consent
         * @description Spec 2.10: IP address and user agent come from the request, never the body.
         */
        post: operations["deviceRecordConsent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc/widget/open/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Open the hosted widget on a session */
        post: operations["widgetOpen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc/widget/handoff/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a one-time QR hand-off code */
        post: operations["widgetIssueHandoff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc/widget/progress/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Follow the session while the phone works (the QR page's poll) */
        get: operations["widgetProgress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc/complete-verification/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finish the flow from the device (as submit) */
        post: operations["deviceCompleteVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/public/widget/handoff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Trade a QR hand-off code for its session's embed token (once) */
        post: operations["widgetExchangeHandoff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/design-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Branding of the hosted pages by publishable key */
        get: operations["getDesignTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether every service answers its health check */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List projects */
        get: operations["adminListProjects"];
        put?: never;
        /** Create a project with a key pair per environment */
        post: operations["adminCreateProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a project */
        get: operations["adminGetProject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a project (moderation) */
        post: operations["adminApproveProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a project's API keys (prefixes only) */
        get: operations["adminListKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/environments/{environment}/keys/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a new key pair for an environment (the old keys are revoked) */
        post: operations["adminRotateKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/environments/{environment}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an environment's settings */
        get: operations["adminGetEnvironmentSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change an environment's settings (new sessions take them) */
        patch: operations["adminUpdateEnvironmentSettings"];
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/keys/{keyId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke an API key */
        post: operations["adminRevokeKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/environments/{environment}/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the balance, trial and credit limit */
        get: operations["adminGetBalance"];
        put?: never;
        /** Add verifications to the balance */
        post: operations["adminTopUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/environments/{environment}/trial": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the remaining trial verifications */
        put: operations["adminSetTrial"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/environments/{environment}/credit-limit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the credit limit */
        put: operations["adminSetCreditLimit"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/environments/{environment}/balance/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The ledger, newest first */
        get: operations["adminBalanceHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/environments/{environment}/branding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the branding of the hosted pages */
        get: operations["adminGetBranding"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the branding (refused whole under WCAG AA contrast) */
        patch: operations["adminUpdateBranding"];
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/environments/{environment}/branding/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Upload the logo (fitted into 600×200 px, stored as PNG) */
        put: operations["adminUploadLogo"];
        post?: never;
        /** Remove the logo */
        delete: operations["adminRemoveLogo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/dead-letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events the consumers gave up on */
        get: operations["adminListDeadLetters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/dead-letters/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask the owning consumer groups to replay dead letters (filtered) */
        post: operations["adminReplayDeadLetters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/dead-letters/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask for one dead letter to be replayed */
        post: operations["adminReplayDeadLetter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/operators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List operators */
        get: operations["adminListOperators"];
        put?: never;
        /** Create an operator (token and password shown once) */
        post: operations["adminCreateOperator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/operators/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who the credential belongs to */
        get: operations["adminCurrentOperator"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/operators/{operatorId}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable an operator (locked out at once) */
        post: operations["adminDisableOperator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The admin audit log, newest first */
        get: operations["adminAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/environments/{environment}/scoring-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the scoring policy (overrides, effective, defaults) */
        get: operations["adminGetScoringPolicy"];
        /** Replace the scoring policy overrides (`{}` resets) */
        put: operations["adminSetScoringPolicy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/sessions/{sessionId}/decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The stored scoring decisions of a session */
        get: operations["adminListDecisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/environments/{environment}/review-queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The manual_review sessions of an environment, oldest first, with who opened each */
        get: operations["adminReviewQueue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/sessions/{sessionId}/case": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A case as a reviewer sees it (audited; marks it opened by the caller; Cache-Control: no-store)
         * @description The document sides as read (MRZ and VIZ apart), the signals, the scoring runs with their explanation, the duplicate lines and the image URLs (`GET …/case/images/{front|back|main|portrait}`, decrypted per request, no-store). Every call is an audit entry `sessions.case.view`.
         */
        get: operations["adminReviewCase"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/sessions/{sessionId}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A session's transitions, attempts and webhook deliveries, oldest first */
        get: operations["adminSessionHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a project's sessions */
        get: operations["adminListSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/sessions/{sessionId}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A reviewer's decision on a session in manual_review */
        post: operations["adminReviewSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/environments/{environment}/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an environment's webhook endpoint (its URL; never a secret) */
        get: operations["adminGetWebhook"];
        /** Set the environment's webhook URL (the secret is shown when created) */
        put: operations["adminSetWebhook"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/environments/{environment}/webhook/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the webhook secret; the old one keeps signing for overlapHours */
        post: operations["adminRotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/environments/{environment}/webhook/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhook delivery log */
        get: operations["adminListWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/projects/{projectId}/webhook/deliveries/{deliveryId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again */
        post: operations["adminReplayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        CreatedSessionResponse: {
            id: string;
            /** @description The session status (spec part 3); null only for a status newer than this gateway build */
            status: ("pending" | "connected" | "processing" | "completed" | "failed" | "expired" | "manual_review" | "action_required" | "rejected" | "superseded") | null;
            /** @description Bearer credential of the device-side calls (/v1/kyc/*) for this session only */
            embedToken: string;
            /** @description ISO 8601 */
            expiresAt: string;
            /** @description ISO 8601 */
            createdAt: string;
            widgetUrl: string;
            qrCodeUrl: string;
            allowManualUpload: boolean;
            testMode: boolean;
        };
        SessionResponse: {
            id: string;
            /** @description The session status (spec part 3); null only for a status newer than this gateway build */
            status: ("pending" | "connected" | "processing" | "completed" | "failed" | "expired" | "manual_review" | "action_required" | "rejected" | "superseded") | null;
            /** @description clientMetadata as the integrator set it */
            clientMetadata: {
                [key: string]: unknown;
            };
            /** @description ISO 8601 */
            createdAt: string;
            /** @description ISO 8601 */
            expiresAt: string;
            /** @description ISO 8601 */
            updatedAt: string;
            userConsent: boolean;
            /** @description ISO 8601, or null when not (yet) set */
            consentTimestamp: string | null;
        };
        ConsentResponse: {
            /** @constant */
            success: true;
            userConsent: boolean;
            /** @description ISO 8601 */
            consentTimestamp: string;
            textVersion: string;
            locale: string;
            /** @description Whether this call recorded the consent (false: it was already in force) */
            recorded: boolean;
        };
        PoaJobResponse: {
            /** @constant */
            success: true;
            jobId: string;
            sessionId: string;
            /** @description pending, verified, rejected or manual_review */
            poaStatus: string;
            /** @description Reason codes only; nothing read from the document */
            reasons: string[];
            documentKind?: string;
            /** @description ISO 8601 */
            createdAt: string;
            /** @description ISO 8601 */
            completedAt?: string;
        };
        DocumentUploadResponse: {
            success: boolean;
            detectedDocumentType: string;
            detectionConfidence: number;
            uploadedImageType: string;
            isValidDocument: boolean;
            requiresBackSide: boolean;
            /** @description Each side uploaded so far: whether it was accepted */
            uploadedSides: {
                [key: string]: boolean;
            };
            readyForVerification: boolean;
            nextStepMessage: string;
            issues?: {
                code: string;
                scope: string;
            }[];
        };
        FaceUploadResponse: {
            success: boolean;
            confidence: number;
            message: string;
            readyForFinalVerification: boolean;
        };
        DeviceDataResponse: {
            /** @constant */
            success: true;
            /** @description The fields recorded (empty ones left out) */
            deviceData: {
                [key: string]: string;
            };
        };
        SubmitResponse: {
            success: boolean;
            /** @description The session status (spec part 3); null only for a status newer than this gateway build */
            status: ("pending" | "connected" | "processing" | "completed" | "failed" | "expired" | "manual_review" | "action_required" | "rejected" | "superseded") | null;
            /** @description ISO 8601 */
            timestamp: string;
            /** @description completed only */
            confidence?: number;
            /** @description completed only */
            data?: {
                documentType: string;
                /** @description Fields read from the document, each present only when read: fullName, firstName, lastName, dateOfBirth, nationality, sex (and on GET documentNumber, issueDate, expiryDate, placeOfBirth) */
                extractedData: {
                    [key: string]: string;
                };
                verificationAttemptId: string;
            };
            message?: string;
            /** @description action_required and manual_review */
            issues?: {
                code: string;
            }[];
            /** @description action_required only */
            nextAction?: string;
        };
        VerificationResponse: {
            sessionId: string;
            /** @description The session status (spec part 3); null only for a status newer than this gateway build */
            status: ("pending" | "connected" | "processing" | "completed" | "failed" | "expired" | "manual_review" | "action_required" | "rejected" | "superseded") | null;
            testMode: boolean;
            /** @description clientMetadata as the integrator set it */
            clientMetadata: {
                [key: string]: unknown;
            };
            /** @description ISO 8601 */
            createdAt: string;
            /** @description ISO 8601 */
            expiresAt: string;
            /** @description ISO 8601 */
            updatedAt: string;
            verification: ({
                id: string;
                /** @description The attempt status; null only for a status newer than this gateway build */
                status: ("processing" | "success" | "manual_review" | "action_required" | "failed" | "rejected" | "abandoned") | null;
                confidence: number;
                documentType?: string;
                faceMatchStatus?: string;
                faceMatchScore?: number;
                poaStatus: string | null;
                failureReason: string | null;
                isReused: boolean;
                /** @description Fields read from the document, each present only when read: fullName, firstName, lastName, dateOfBirth, nationality, sex (and on GET documentNumber, issueDate, expiryDate, placeOfBirth) */
                extractedData: {
                    [key: string]: string;
                };
                /** @description ISO 8601 */
                createdAt: string;
            } | {
                id: string;
                /** @description The attempt status; null only for a status newer than this gateway build */
                status: ("processing" | "success" | "manual_review" | "action_required" | "failed" | "rejected" | "abandoned") | null;
                confidence: number;
                failureReason: string | null;
            }) | null;
            issues?: {
                code: string;
            }[];
            nextAction?: string;
        };
        DesignTokensResponse: {
            /** @constant */
            object: "design_tokens";
            environment: ("test" | "sandbox" | "live") | null;
            colors: {
                primary: string;
                onPrimary: string;
                text: string;
                mutedText: string;
                surface: string;
                background: string;
            };
            cornerRadiusPx: number;
            fontFamily: string;
            logoUrl: string | null;
            /** @description The same values as the CSS custom properties the widget stylesheet reads */
            cssVariables: {
                [key: string]: string;
            };
            /** @description ISO 8601, or null when not (yet) set */
            updatedAt: string | null;
        };
        BrandingResponse: {
            /** @constant */
            object: "branding";
            environment: ("test" | "sandbox" | "live") | null;
            colors: {
                primary: string;
                onPrimary: string;
                text: string;
                mutedText: string;
                surface: string;
                background: string;
            };
            cornerRadiusPx: number;
            fontFamily: string;
            logoUrl: string | null;
            /** @description The same values as the CSS custom properties the widget stylesheet reads */
            cssVariables: {
                [key: string]: string;
            };
            /** @description ISO 8601, or null when not (yet) set */
            updatedAt: string | null;
            projectId: string;
        };
        WidgetSessionResponse: {
            sessionId: string;
            /** @description The session status (spec part 3); null only for a status newer than this gateway build */
            status: ("pending" | "connected" | "processing" | "completed" | "failed" | "expired" | "manual_review" | "action_required" | "rejected" | "superseded") | null;
            language: string;
            testMode: boolean;
            allowManualUpload: boolean;
            poaRequired: boolean;
            userConsent: boolean;
            nextAction: string | null;
            expiresAt: string;
            designTokens: components["schemas"]["DesignTokensResponse"] | null;
        };
        LivenessCheckResponse: {
            isLive: boolean;
            confidence: number;
        };
        HandoffIssuedResponse: {
            code: string;
            /** @description ISO 8601 */
            expiresAt: string;
            designTokens: components["schemas"]["DesignTokensResponse"];
        };
        HandoffExchangedResponse: {
            sessionId: string;
            embedToken: string;
        };
        WidgetProgressResponse: {
            sessionId: string;
            /** @description The session status (spec part 3); null only for a status newer than this gateway build */
            status: ("pending" | "connected" | "processing" | "completed" | "failed" | "expired" | "manual_review" | "action_required" | "rejected" | "superseded") | null;
            /** @description ISO 8601 */
            expiresAt: string;
            /** @description ISO 8601, or null when not (yet) set */
            phoneOpenedAt: string | null;
        };
        HealthResponse: {
            /** @enum {string} */
            status: "ok" | "degraded";
            /** @description Each service: whether its gRPC health check answered SERVING */
            services: {
                [key: string]: boolean;
            };
        };
        ProjectResponse: {
            id: string;
            name: string;
            accountId: string;
            accountName: string;
            moderationStatus: string;
            /** @description ISO 8601 */
            createdAt: string;
        };
        EnvironmentKeysResponse: {
            /** @description Shown in this answer only */
            secretKey: string;
            publishableKey: string;
            secretKeyId: string;
            publishableKeyId: string;
        };
        CreatedProjectResponse: {
            project: components["schemas"]["ProjectResponse"];
            /** @description One key pair per environment: test, sandbox, live */
            keys: {
                [key: string]: components["schemas"]["EnvironmentKeysResponse"];
            };
        };
        ProjectListResponse: {
            projects: components["schemas"]["ProjectResponse"][];
        };
        ApiKeyResponse: {
            id: string;
            environment: ("test" | "sandbox" | "live") | null;
            /** @description secret or publishable */
            kind: string;
            prefix: string;
            /** @description active or revoked */
            status: string;
            /** @description ISO 8601 */
            createdAt: string;
            /** @description ISO 8601, or null when not (yet) set */
            revokedAt: string | null;
            publishableKey?: string;
        };
        ApiKeyListResponse: {
            keys: components["schemas"]["ApiKeyResponse"][];
        };
        RotatedKeysResponse: {
            /** @description Shown in this answer only */
            secretKey: string;
            publishableKey: string;
            secretKeyId: string;
            publishableKeyId: string;
            /** @enum {string} */
            environment: "test" | "sandbox" | "live";
        };
        EnvironmentSettingsResponse: {
            environment: ("test" | "sandbox" | "live") | null;
            poaRequiredForVerification: boolean;
            poaMaxAgeMonths: number;
            allowManualUpload: boolean;
            vaultReuseEnabled: boolean;
            vaultReuseMaxAgeDays: number;
            vaultReuseBilling: string;
            biometricRetentionDays: number;
            /** @description ISO 8601, or null when not (yet) set */
            updatedAt: string | null;
        };
        BalanceResponse: {
            projectId: string;
            environment: ("test" | "sandbox" | "live") | null;
            balance: number;
            trialRemaining: number;
            creditLimit: number;
        };
        LedgerPageResponse: {
            entries: {
                id: string;
                kind: string;
                amount: number;
                source: string | null;
                sessionId: string | null;
                balanceAfter: number | null;
                trialRemainingAfter: number | null;
                creditLimitAfter: number | null;
                /** @description ISO 8601 */
                createdAt: string;
            }[];
            /** @description Pass as `before` for the next page; null on the last page */
            nextBefore: string | null;
        };
        WebhookEndpointResponse: {
            url: string;
            /** @description Only when this call created the endpoint */
            secret?: string;
        };
        WebhookEndpointStateResponse: {
            url: string;
            /** @description ISO 8601, or null when not (yet) set */
            updatedAt: string | null;
            /** @description Until when the rotated-out secret still signs beside the current one; null when none does */
            previousSecretExpiresAt: string | null;
        };
        RotatedWebhookSecretResponse: {
            url: string;
            secret: string;
            /** @description ISO 8601, or null when not (yet) set */
            previousSecretExpiresAt: string | null;
        };
        WebhookDeliveryResponse: {
            id: string;
            eventId: string;
            type: string;
            sessionId: string;
            /** @description pending, sending, delivered or failed */
            status: string;
            attempts: number;
            /** @description ISO 8601, or null when not (yet) set */
            nextAttemptAt: string | null;
            /** @description ISO 8601 */
            createdAt: string;
            /** @description ISO 8601, or null when not (yet) set */
            deliveredAt: string | null;
            attemptLog: {
                attempt: number;
                /** @description 0 when no HTTP answer came back */
                statusCode: number;
                latencyMs: number;
                error: string;
                /** @description ISO 8601 */
                at: string;
            }[];
        };
        WebhookDeliveryListResponse: {
            deliveries: components["schemas"]["WebhookDeliveryResponse"][];
        };
        AdminSessionListResponse: {
            sessions: {
                id: string;
                environment: ("test" | "sandbox" | "live") | null;
                /** @description The session status (spec part 3); null only for a status newer than this gateway build */
                status: ("pending" | "connected" | "processing" | "completed" | "failed" | "expired" | "manual_review" | "action_required" | "rejected" | "superseded") | null;
                testMode: boolean;
                /** @description ISO 8601 */
                createdAt: string;
                /** @description ISO 8601 */
                updatedAt: string;
                /** @description ISO 8601 */
                expiresAt: string;
            }[];
            /** @description Pass as `before` for the next page (newest first); null on the last page */
            nextBefore: string | null;
        };
        ReviewResponse: {
            sessionId: string;
            /** @description The session status (spec part 3); null only for a status newer than this gateway build */
            status: ("pending" | "connected" | "processing" | "completed" | "failed" | "expired" | "manual_review" | "action_required" | "rejected" | "superseded") | null;
            verificationAttemptId: string;
        };
        ScoringPolicyResponse: {
            projectId: string;
            environment: ("test" | "sandbox" | "live") | null;
            revision: number;
            version: number;
            overrides: {
                autoApproveThreshold?: number;
                weights?: {
                    detectionConfidence: number;
                    faceMatchScore: number;
                    livenessConfidence: number;
                };
                lowSeverityPenalty?: number;
                duplicates?: string;
            };
            effective: {
                autoApproveThreshold: number;
                weights: {
                    detectionConfidence: number;
                    faceMatchScore: number;
                    livenessConfidence: number;
                } | null;
                lowSeverityPenalty: number;
                duplicates: string;
            } | null;
            defaults: {
                autoApproveThreshold: number;
                weights: {
                    detectionConfidence: number;
                    faceMatchScore: number;
                    livenessConfidence: number;
                } | null;
                lowSeverityPenalty: number;
                duplicates: string;
            } | null;
            /** @description ISO 8601, or null when not (yet) set */
            updatedAt: string | null;
        };
        StoredDecisionResponse: {
            id: string;
            sessionId: string;
            attemptId: string;
            environment: ("test" | "sandbox" | "live") | null;
            outcome: string | null;
            confidence: number;
            issueCodes: string[];
            nextAction: string | null;
            failureReason: string | null;
            ruleFired: string;
            explanation: {
                signal: string;
                value: number;
                weight: number;
                rule: string;
                code?: string;
                source?: string;
                kind?: string;
                severity?: string;
                side?: string;
                detail?: string;
            }[];
            policy: {
                revision: number;
                version: number;
                overrides: {
                    autoApproveThreshold?: number;
                    weights?: {
                        detectionConfidence: number;
                        faceMatchScore: number;
                        livenessConfidence: number;
                    };
                    lowSeverityPenalty?: number;
                    duplicates?: string;
                };
                effective: {
                    autoApproveThreshold: number;
                    weights: {
                        detectionConfidence: number;
                        faceMatchScore: number;
                        livenessConfidence: number;
                    } | null;
                    lowSeverityPenalty: number;
                    duplicates: string;
                } | null;
            } | null;
            /** @description ISO 8601 */
            createdAt: string;
        };
        DecisionListResponse: {
            decisions: components["schemas"]["StoredDecisionResponse"][];
        };
        OperatorResponse: {
            id: string;
            email: string;
            /** @description admin, reviewer or read_only */
            role: string;
            /** @description active or disabled */
            status: string;
            /** @description ISO 8601 */
            createdAt: string;
            /** @description ISO 8601, or null when not (yet) set */
            disabledAt: string | null;
            createdBy: string | null;
        };
        CreatedOperatorResponse: {
            operator: components["schemas"]["OperatorResponse"];
            /** @description The operator API token (opk_…); shown in this answer only */
            token: string;
            /** @description Shown in this answer only */
            password: string;
        };
        OperatorListResponse: {
            operators: components["schemas"]["OperatorResponse"][];
        };
        CurrentOperatorResponse: {
            id: string;
            role: string;
            bootstrap: boolean;
        };
        AuditLogResponse: {
            entries: {
                id: string;
                /** @description ISO 8601 */
                occurredAt: string;
                operatorId: string;
                operatorRole: string;
                action: string;
                target: string | null;
                outcome: string;
                statusCode: number;
                requestId: string;
                channel: string;
            }[];
            nextBefore: string | null;
        };
        DeadLetterResponse: {
            id: string;
            group: string;
            topic: string;
            eventId: string | null;
            eventType: string | null;
            reason: string;
            origin: string;
            lastError: string;
            attempts: number;
            /** @enum {string} */
            status: "dead" | "replay_requested" | "replayed";
            /** @description ISO 8601 */
            firstFailedAt: string;
            /** @description ISO 8601 */
            lastFailedAt: string;
            /** @description ISO 8601 */
            deadLetteredAt: string;
            /** @description ISO 8601, or null when not (yet) set */
            replayRequestedAt: string | null;
            /** @description ISO 8601, or null when not (yet) set */
            replayedAt: string | null;
        };
        DeadLetterListResponse: {
            deadLetters: components["schemas"]["DeadLetterResponse"][];
            total: number;
        };
        DeadLetterReplayResponse: {
            requested: number;
        };
        ErrorEnvelope: {
            statusCode: number;
            /** @description ISO 8601 */
            timestamp: string;
            path: string;
            /** @enum {string} */
            errorCode: "KYC_001" | "KYC_003" | "KYC_006" | "KYC_007" | "KYC_008" | "KYC_008b" | "KYC_009" | "KYC_013" | "KYC_014" | "KYC_015" | "KYC_020" | "KYC_021" | "KYC_022" | "KYC_023" | "KYC_024" | "KYC_SESSION_PROCESSING" | "KYC_SESSION_CLOSED" | "KYC_SESSION_CHANGED" | "KYC_CONSENT_REQUIRED" | "KYC_SIDE_NOT_REQUESTED" | "KYC_SESSION_NOT_IN_REVIEW" | "KYC_UPLOADS_MISSING" | "KYC_POA_REQUIRED" | "KYC_POA_NEEDS_DOCUMENT" | "KYC_MANUAL_UPLOAD_DISABLED" | "KYC_HANDOFF_USED" | "KYC_HANDOFF_INVALID" | "KYC_WIDGET_EMAIL_MISMATCH" | "VALIDATION_FAILED" | "MALFORMED_JSON" | "UNAUTHENTICATED" | "PROJECT_NOT_APPROVED" | "FORBIDDEN" | "NOT_FOUND" | "IDEMPOTENCY_IN_FLIGHT" | "IDEMPOTENCY_KEY_REUSED" | "RATE_LIMITED" | "PAYLOAD_TOO_LARGE" | "METHOD_NOT_ALLOWED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
            retryable: boolean;
            message: string;
            details?: {
                [key: string]: unknown;
            } | string;
        };
        FlatError: {
            statusCode: number;
            /** @description The HTTP reason phrase */
            error: string;
            /** @enum {string} */
            errorCode: "KYC_001" | "KYC_003" | "KYC_006" | "KYC_007" | "KYC_008" | "KYC_008b" | "KYC_009" | "KYC_013" | "KYC_014" | "KYC_015" | "KYC_020" | "KYC_021" | "KYC_022" | "KYC_023" | "KYC_024" | "KYC_SESSION_PROCESSING" | "KYC_SESSION_CLOSED" | "KYC_SESSION_CHANGED" | "KYC_CONSENT_REQUIRED" | "KYC_SIDE_NOT_REQUESTED" | "KYC_SESSION_NOT_IN_REVIEW" | "KYC_UPLOADS_MISSING" | "KYC_POA_REQUIRED" | "KYC_POA_NEEDS_DOCUMENT" | "KYC_MANUAL_UPLOAD_DISABLED" | "KYC_HANDOFF_USED" | "KYC_HANDOFF_INVALID" | "KYC_WIDGET_EMAIL_MISMATCH" | "VALIDATION_FAILED" | "MALFORMED_JSON" | "UNAUTHENTICATED" | "PROJECT_NOT_APPROVED" | "FORBIDDEN" | "NOT_FOUND" | "IDEMPOTENCY_IN_FLIGHT" | "IDEMPOTENCY_KEY_REUSED" | "RATE_LIMITED" | "PAYLOAD_TOO_LARGE" | "METHOD_NOT_ALLOWED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
            message: string;
            /** @description ISO 8601 */
            timestamp: string;
        } & {
            [key: string]: unknown;
        };
        ReviewQueueResponse: {
            environment: ("test" | "sandbox" | "live") | null;
            /** @description Sessions in manual_review in this environment */
            count: number;
            /** @description ISO 8601, or null when not (yet) set */
            oldestInReviewSince: string | null;
            items: {
                sessionId: string;
                environment: ("test" | "sandbox" | "live") | null;
                testMode: boolean;
                /** @description ISO 8601 */
                createdAt: string;
                /** @description When the session went to manual_review */
                inReviewSince: string;
                /** @description Seconds since inReviewSince, at the time of the answer */
                ageSeconds: number;
                issueCodes: string[];
                openedBy: {
                    /** @description An operator id, or `bootstrap` */
                    operatorId: string;
                    /** @description Null for the bootstrap credential */
                    operatorEmail: string | null;
                    /** @description ISO 8601 */
                    openedAt: string;
                    /** @description openedAt + 15 minutes: after it the mark is no longer shown */
                    expiresAt: string;
                }[];
            }[];
        };
        ReviewCaseResponse: {
            session: {
                id: string;
                environment: ("test" | "sandbox" | "live") | null;
                /** @description The session status (spec part 3); null only for a status newer than this gateway build */
                status: ("pending" | "connected" | "processing" | "completed" | "failed" | "expired" | "manual_review" | "action_required" | "rejected" | "superseded") | null;
                testMode: boolean;
                /** @description ISO 8601 */
                createdAt: string;
                /** @description ISO 8601 */
                updatedAt: string;
                /** @description ISO 8601 */
                expiresAt: string;
                /** @description ISO 8601, or null when not (yet) set */
                inReviewSince: string | null;
            };
            attempt: {
                id: string;
                status: string;
                confidence: number | null;
                documentType: string | null;
                faceMatchStatus: string | null;
                faceMatchScore: number | null;
                failureReason: string | null;
                issueCodes: string[];
                extractedData: {
                    [key: string]: string;
                };
                duplicateSuspected: boolean;
                /** @description ISO 8601 */
                createdAt: string;
                /** @description ISO 8601, or null when not (yet) set */
                decidedAt: string | null;
                reviewedBy: string | null;
                /** @description ISO 8601, or null when not (yet) set */
                reviewedAt: string | null;
            } | null;
            /** @description Other operators' marks of the last 15 minutes (the caller's own is left out) */
            openedBy: {
                /** @description An operator id, or `bootstrap` */
                operatorId: string;
                /** @description Null for the bootstrap credential */
                operatorEmail: string | null;
                /** @description ISO 8601 */
                openedAt: string;
                /** @description openedAt + 15 minutes: after it the mark is no longer shown */
                expiresAt: string;
            }[];
            sides: {
                /** @description front, back or main */
                side: string | null;
                detectedDocumentType: string;
                detectionConfidence: number;
                /** @description The fields as combined (MRZ first, then VIZ) */
                extracted: {
                    [key: string]: string;
                };
                /** @description Null when this side has no MRZ */
                mrz: {
                    valid: boolean;
                    failedCheckDigits: string[];
                    fields: {
                        [key: string]: string;
                    };
                } | null;
                /** @description What the visual zone read, by field */
                viz: {
                    [key: string]: string;
                };
                problems: string[];
                imageAvailable: boolean;
            }[];
            signals: {
                code: string;
                kind: string;
                severity: string;
                scope: string;
                detail: string;
            }[];
            /** @description The scoring runs, newest first, with what fired and why */
            decisions: components["schemas"]["StoredDecisionResponse"][];
            /** @description A face seen before under another identity or e-mail */
            duplicate: {
                suspected: boolean;
                /** @description The earlier verifications of this project environment the face matched */
                earlierSessionIds: string[];
                /** @description The scoring explanation's duplicate lines */
                explanation: {
                    signal: string;
                    value: number;
                    weight: number;
                    rule: string;
                    code?: string;
                    source?: string;
                    kind?: string;
                    severity?: string;
                    side?: string;
                    detail?: string;
                }[];
            };
            /** @description Each image decrypted on request at its url (Cache-Control: no-store) */
            images: {
                /** @description front, back, main, portrait or selfie */
                name: string;
                url: string;
            }[];
            /** @description The session's document images are gone (a terminal state's purge, a failure, retention) */
            imagesPurged: boolean;
        };
        SessionHistoryResponse: {
            session: {
                id: string;
                environment: ("test" | "sandbox" | "live") | null;
                /** @description The session status (spec part 3); null only for a status newer than this gateway build */
                status: ("pending" | "connected" | "processing" | "completed" | "failed" | "expired" | "manual_review" | "action_required" | "rejected" | "superseded") | null;
                testMode: boolean;
                /** @description ISO 8601 */
                createdAt: string;
                /** @description ISO 8601 */
                updatedAt: string;
                /** @description ISO 8601 */
                expiresAt: string;
                /** @description ISO 8601, or null when not (yet) set */
                inReviewSince: string | null;
            };
            /** @description Every transition, attempt and webhook delivery of the session, oldest first */
            events: {
                /** @description ISO 8601 */
                at: string;
                /** @enum {string} */
                kind: "transition" | "attempt_started" | "attempt_decided" | "reviewed" | "webhook_delivery";
                fromStatus: string | null;
                toStatus: string | null;
                attemptId: string | null;
                attemptStatus: string | null;
                reviewedBy: string | null;
                failureReason: string | null;
                delivery: components["schemas"]["WebhookDeliveryResponse"] | null;
            }[];
        };
        CreateSessionRequest: {
            clientMetadata?: {
                email?: string;
                userId?: string;
                name?: string;
            } & {
                [key: string]: unknown;
            };
            /** @enum {string} */
            language?: "en" | "de" | "uk";
            expiryMinutes?: number;
        };
        UpdateSessionRequest: {
            clientMetadata: {
                email?: string;
                userId?: string;
                name?: string;
            } & {
                [key: string]: unknown;
            };
        };
        RecordDeviceDataRequest: {
            ipAddress?: string;
            userAgent?: string;
            fingerprint?: string;
            timezone?: string;
            language?: string;
            platform?: string;
            screenResolution?: string;
        };
        CheckLivenessRequest: {
            base64: string;
        };
        DeviceRecordConsentRequest: {
            textVersion: string;
            locale: string;
        };
        WidgetOpenRequest: {
            /** Format: email */
            email?: string;
        };
        WidgetExchangeHandoffRequest: {
            code: string;
        };
        AdminCreateProjectRequest: {
            name: string;
            accountName?: string;
        };
        AdminUpdateEnvironmentSettingsRequest: {
            poaRequiredForVerification?: boolean;
            poaMaxAgeMonths?: number;
            allowManualUpload?: boolean;
            vaultReuseEnabled?: boolean;
            vaultReuseMaxAgeDays?: number;
            /** @enum {string} */
            vaultReuseBilling?: "charge" | "free";
            biometricRetentionDays?: number;
        };
        AdminTopUpRequest: {
            amount: number;
        };
        AdminSetTrialRequest: {
            trialRemaining: number;
        };
        AdminSetCreditLimitRequest: {
            creditLimit: number;
        };
        AdminUpdateBrandingRequest: {
            colorPrimary?: string;
            colorOnPrimary?: string;
            colorText?: string;
            colorSurface?: string;
            colorBackground?: string;
            cornerRadiusPx?: number;
            fontFamily?: string;
        };
        AdminReplayDeadLettersRequest: {
            group?: string;
            topic?: string;
        };
        AdminCreateOperatorRequest: {
            email: string;
            /** @enum {string} */
            role: "admin" | "reviewer" | "read_only";
            password?: string;
        };
        AdminSetScoringPolicyRequest: {
            autoApproveThreshold?: number;
            weights?: {
                detectionConfidence: number;
                faceMatchScore: number;
                livenessConfidence: number;
            };
            lowSeverityPenalty?: number;
            /** @enum {string} */
            duplicates?: "review" | "allow";
        };
        AdminReviewSessionRequest: {
            /** @constant */
            decision: "approve";
            reviewer?: string;
            reason?: string;
        } | {
            /** @constant */
            decision: "reject";
            reviewer?: string;
            reason: string;
        };
        AdminSetWebhookRequest: {
            /** Format: uri */
            url: string;
        };
        AdminRotateWebhookSecretRequest: {
            /** @default 24 */
            overlapHours: number;
        };
    };
    responses: {
        /** @description The request is invalid (VALIDATION_FAILED with `fields`, MALFORMED_JSON, or a KYC_0xx code of spec 7.2) */
        Envelope400: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Missing, malformed or unknown credential (UNAUTHENTICATED) */
        Envelope401: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The balance is exhausted or the credit limit reached (KYC_023, KYC_024) */
        Envelope402: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The credential may not do this (FORBIDDEN, PROJECT_NOT_APPROVED, KYC_MANUAL_UPLOAD_DISABLED) */
        Envelope403: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Not found in the caller’s project (KYC_001, NOT_FOUND) */
        Envelope404: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The session’s state does not allow this now (e.g. KYC_SESSION_CLOSED, KYC_SESSION_PROCESSING, IDEMPOTENCY_IN_FLIGHT) */
        Envelope409: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The body is too large (PAYLOAD_TOO_LARGE) */
        Envelope413: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Understood but refused (KYC_008b liveness, IDEMPOTENCY_KEY_REUSED with another body) */
        Envelope422: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Rate limited (RATE_LIMITED); Retry-After says when to come back */
        Envelope429: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                "retry-after": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description An unexpected failure on our side (INTERNAL); never the caller’s mistake */
        Envelope500: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description A service is unavailable or at capacity (SERVICE_UNAVAILABLE, retryable) */
        Envelope503: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                "retry-after": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The request is invalid (VALIDATION_FAILED with `fields`, MALFORMED_JSON, or a KYC_0xx code of spec 7.2) */
        Flat400: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description Missing, malformed or unknown credential (UNAUTHENTICATED) */
        Flat401: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description The balance is exhausted or the credit limit reached (KYC_023, KYC_024) */
        Flat402: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description The credential may not do this (FORBIDDEN, PROJECT_NOT_APPROVED, KYC_MANUAL_UPLOAD_DISABLED) */
        Flat403: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description Not found in the caller’s project (KYC_001, NOT_FOUND) */
        Flat404: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description The session’s state does not allow this now (e.g. KYC_SESSION_CLOSED, KYC_SESSION_PROCESSING, IDEMPOTENCY_IN_FLIGHT) */
        Flat409: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description The hand-off link was used or has lapsed (KYC_HANDOFF_USED, KYC_HANDOFF_INVALID) */
        Flat410: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description The body is too large (PAYLOAD_TOO_LARGE) */
        Flat413: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description Understood but refused (KYC_008b liveness, IDEMPOTENCY_KEY_REUSED with another body) */
        Flat422: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description Rate limited (RATE_LIMITED); Retry-After says when to come back */
        Flat429: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                "retry-after": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description An unexpected failure on our side (INTERNAL); never the caller’s mistake */
        Flat500: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description A service is unavailable or at capacity (SERVICE_UNAVAILABLE, retryable) */
        Flat503: {
            headers: {
                "service-version": components["headers"]["ServiceVersion"];
                "x-request-id": components["headers"]["RequestId"];
                "retry-after": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
    };
    parameters: {
        /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
        ServiceVersion: string;
    };
    requestBodies: never;
    headers: {
        /** @description The API version that answered */
        ServiceVersion: "2026-06-01";
        /** @description The request id (also in the gateway’s logs) */
        RequestId: string;
        /** @description Seconds to wait before retrying */
        RetryAfter: string;
        /** @description Calls allowed in the current window */
        RateLimitLimit: string;
        /** @description Calls left in the current window */
        RateLimitRemaining: string;
        /** @description Seconds until the window resets */
        RateLimitReset: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry answer the first result (24 h) */
                "Idempotency-Key"?: string;
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateSessionRequest"];
            };
        };
        responses: {
            /** @description Create a verification session */
            201: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    "ratelimit-limit": components["headers"]["RateLimitLimit"];
                    "ratelimit-remaining": components["headers"]["RateLimitRemaining"];
                    "ratelimit-reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedSessionResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            402: components["responses"]["Flat402"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            409: components["responses"]["Flat409"];
            413: components["responses"]["Flat413"];
            422: components["responses"]["Flat422"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read a session */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    updateSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSessionRequest"];
            };
        };
        responses: {
            /** @description Replace a session's clientMetadata */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            409: components["responses"]["Flat409"];
            413: components["responses"]["Flat413"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    uploadDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @enum {string} */
                    imageType: "front" | "back" | "main";
                    /** @enum {string} */
                    capture?: "camera" | "file";
                    /** @enum {string} */
                    isRetake?: "true" | "false";
                    /** @description The document side, JPG or PNG, at most 10 MB */
                    images: string;
                };
            };
        };
        responses: {
            /** @description Upload a document side */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    "ratelimit-limit": components["headers"]["RateLimitLimit"];
                    "ratelimit-remaining": components["headers"]["RateLimitRemaining"];
                    "ratelimit-reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentUploadResponse"];
                };
            };
            400: components["responses"]["Envelope400"];
            401: components["responses"]["Envelope401"];
            402: components["responses"]["Envelope402"];
            403: components["responses"]["Envelope403"];
            404: components["responses"]["Envelope404"];
            409: components["responses"]["Envelope409"];
            413: components["responses"]["Envelope413"];
            422: components["responses"]["Envelope422"];
            429: components["responses"]["Envelope429"];
            500: components["responses"]["Envelope500"];
            503: components["responses"]["Envelope503"];
        };
    };
    uploadFace: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @enum {string} */
                    capture?: "camera" | "file";
                    /** @description The selfie, JPG or PNG, at most 10 MB */
                    images: string;
                };
            };
        };
        responses: {
            /** @description Upload the selfie */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    "ratelimit-limit": components["headers"]["RateLimitLimit"];
                    "ratelimit-remaining": components["headers"]["RateLimitRemaining"];
                    "ratelimit-reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaceUploadResponse"];
                };
            };
            400: components["responses"]["Envelope400"];
            401: components["responses"]["Envelope401"];
            402: components["responses"]["Envelope402"];
            403: components["responses"]["Envelope403"];
            404: components["responses"]["Envelope404"];
            409: components["responses"]["Envelope409"];
            413: components["responses"]["Envelope413"];
            422: components["responses"]["Envelope422"];
            429: components["responses"]["Envelope429"];
            500: components["responses"]["Envelope500"];
            503: components["responses"]["Envelope503"];
        };
    };
    recordDeviceData: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RecordDeviceDataRequest"];
            };
        };
        responses: {
            /** @description Record the end user's device data */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceDataResponse"];
                };
            };
            400: components["responses"]["Envelope400"];
            401: components["responses"]["Envelope401"];
            403: components["responses"]["Envelope403"];
            404: components["responses"]["Envelope404"];
            409: components["responses"]["Envelope409"];
            413: components["responses"]["Envelope413"];
            429: components["responses"]["Envelope429"];
            500: components["responses"]["Envelope500"];
            503: components["responses"]["Envelope503"];
        };
    };
    submitVerification: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Submit the session for verification */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    "ratelimit-limit": components["headers"]["RateLimitLimit"];
                    "ratelimit-remaining": components["headers"]["RateLimitRemaining"];
                    "ratelimit-reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmitResponse"];
                };
            };
            400: components["responses"]["Envelope400"];
            401: components["responses"]["Envelope401"];
            402: components["responses"]["Envelope402"];
            403: components["responses"]["Envelope403"];
            404: components["responses"]["Envelope404"];
            409: components["responses"]["Envelope409"];
            422: components["responses"]["Envelope422"];
            429: components["responses"]["Envelope429"];
            500: components["responses"]["Envelope500"];
            503: components["responses"]["Envelope503"];
        };
    };
    getVerification: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read the verification result */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    "ratelimit-limit": components["headers"]["RateLimitLimit"];
                    "ratelimit-remaining": components["headers"]["RateLimitRemaining"];
                    "ratelimit-reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationResponse"];
                };
            };
            400: components["responses"]["Envelope400"];
            401: components["responses"]["Envelope401"];
            403: components["responses"]["Envelope403"];
            404: components["responses"]["Envelope404"];
            429: components["responses"]["Envelope429"];
            500: components["responses"]["Envelope500"];
            503: components["responses"]["Envelope503"];
        };
    };
    checkLiveness: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CheckLivenessRequest"];
            };
        };
        responses: {
            /** @description Liveness pre-check of a base64 image (nothing stored) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LivenessCheckResponse"];
                };
            };
            400: components["responses"]["Envelope400"];
            401: components["responses"]["Envelope401"];
            403: components["responses"]["Envelope403"];
            404: components["responses"]["Envelope404"];
            409: components["responses"]["Envelope409"];
            413: components["responses"]["Envelope413"];
            422: components["responses"]["Envelope422"];
            429: components["responses"]["Envelope429"];
            500: components["responses"]["Envelope500"];
            503: components["responses"]["Envelope503"];
        };
    };
    deviceUploadDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @enum {string} */
                    imageType: "front" | "back" | "main";
                    /** @enum {string} */
                    capture?: "camera" | "file";
                    /** @enum {string} */
                    isRetake?: "true" | "false";
                    sessionId: string;
                    /** @description The document side, JPG or PNG, at most 10 MB */
                    images: string;
                };
            };
        };
        responses: {
            /** @description Upload a document side from the device */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentUploadResponse"];
                };
            };
            400: components["responses"]["Envelope400"];
            401: components["responses"]["Envelope401"];
            402: components["responses"]["Envelope402"];
            403: components["responses"]["Envelope403"];
            404: components["responses"]["Envelope404"];
            409: components["responses"]["Envelope409"];
            413: components["responses"]["Envelope413"];
            422: components["responses"]["Envelope422"];
            429: components["responses"]["Envelope429"];
            500: components["responses"]["Envelope500"];
            503: components["responses"]["Envelope503"];
        };
    };
    deviceUploadFace: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @enum {string} */
                    capture?: "camera" | "file";
                    sessionId: string;
                    /** @description The selfie, JPG or PNG, at most 10 MB */
                    images: string;
                };
            };
        };
        responses: {
            /** @description Upload the selfie from the device */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaceUploadResponse"];
                };
            };
            400: components["responses"]["Envelope400"];
            401: components["responses"]["Envelope401"];
            402: components["responses"]["Envelope402"];
            403: components["responses"]["Envelope403"];
            404: components["responses"]["Envelope404"];
            409: components["responses"]["Envelope409"];
            413: components["responses"]["Envelope413"];
            422: components["responses"]["Envelope422"];
            429: components["responses"]["Envelope429"];
            500: components["responses"]["Envelope500"];
            503: components["responses"]["Envelope503"];
        };
    };
    deviceUploadProofOfAddress: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    sessionId: string;
                    /** @description PDF, JPG or PNG, at most 10 MB (application/pdf, image/jpeg, image/png or application/octet-stream: the type is read from the content) */
                    document: string;
                };
            };
        };
        responses: {
            /** @description Upload a proof of address and wait for its analysis */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PoaJobResponse"];
                };
            };
            400: components["responses"]["Envelope400"];
            401: components["responses"]["Envelope401"];
            402: components["responses"]["Envelope402"];
            403: components["responses"]["Envelope403"];
            404: components["responses"]["Envelope404"];
            409: components["responses"]["Envelope409"];
            413: components["responses"]["Envelope413"];
            422: components["responses"]["Envelope422"];
            429: components["responses"]["Envelope429"];
            500: components["responses"]["Envelope500"];
            503: components["responses"]["Envelope503"];
        };
    };
    deviceUploadProofOfAddressAsync: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    sessionId: string;
                    /** @description PDF, JPG or PNG, at most 10 MB (application/pdf, image/jpeg, image/png or application/octet-stream: the type is read from the content) */
                    document: string;
                };
            };
        };
        responses: {
            /** @description Upload a proof of address; answered at once with a pending job */
            202: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PoaJobResponse"];
                };
            };
            400: components["responses"]["Envelope400"];
            401: components["responses"]["Envelope401"];
            402: components["responses"]["Envelope402"];
            403: components["responses"]["Envelope403"];
            404: components["responses"]["Envelope404"];
            409: components["responses"]["Envelope409"];
            413: components["responses"]["Envelope413"];
            422: components["responses"]["Envelope422"];
            429: components["responses"]["Envelope429"];
            500: components["responses"]["Envelope500"];
            503: components["responses"]["Envelope503"];
        };
    };
    deviceProofOfAddressStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read a proof-of-address job */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PoaJobResponse"];
                };
            };
            400: components["responses"]["Envelope400"];
            401: components["responses"]["Envelope401"];
            403: components["responses"]["Envelope403"];
            404: components["responses"]["Envelope404"];
            429: components["responses"]["Envelope429"];
            500: components["responses"]["Envelope500"];
            503: components["responses"]["Envelope503"];
        };
    };
    deviceRecordConsent: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeviceRecordConsentRequest"];
            };
        };
        responses: {
            /** @description Record the end user's consent */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentResponse"];
                };
            };
            400: components["responses"]["Envelope400"];
            401: components["responses"]["Envelope401"];
            403: components["responses"]["Envelope403"];
            404: components["responses"]["Envelope404"];
            409: components["responses"]["Envelope409"];
            413: components["responses"]["Envelope413"];
            429: components["responses"]["Envelope429"];
            500: components["responses"]["Envelope500"];
            503: components["responses"]["Envelope503"];
        };
    };
    widgetOpen: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WidgetOpenRequest"];
            };
        };
        responses: {
            /** @description Open the hosted widget on a session */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetSessionResponse"];
                };
            };
            400: components["responses"]["Envelope400"];
            401: components["responses"]["Envelope401"];
            403: components["responses"]["Envelope403"];
            404: components["responses"]["Envelope404"];
            409: components["responses"]["Envelope409"];
            413: components["responses"]["Envelope413"];
            429: components["responses"]["Envelope429"];
            500: components["responses"]["Envelope500"];
            503: components["responses"]["Envelope503"];
        };
    };
    widgetIssueHandoff: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Issue a one-time QR hand-off code */
            201: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HandoffIssuedResponse"];
                };
            };
            400: components["responses"]["Envelope400"];
            401: components["responses"]["Envelope401"];
            403: components["responses"]["Envelope403"];
            404: components["responses"]["Envelope404"];
            409: components["responses"]["Envelope409"];
            429: components["responses"]["Envelope429"];
            500: components["responses"]["Envelope500"];
            503: components["responses"]["Envelope503"];
        };
    };
    widgetProgress: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Follow the session while the phone works (the QR page's poll) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetProgressResponse"];
                };
            };
            400: components["responses"]["Envelope400"];
            401: components["responses"]["Envelope401"];
            403: components["responses"]["Envelope403"];
            404: components["responses"]["Envelope404"];
            429: components["responses"]["Envelope429"];
            500: components["responses"]["Envelope500"];
            503: components["responses"]["Envelope503"];
        };
    };
    deviceCompleteVerification: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Finish the flow from the device (as submit) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmitResponse"];
                };
            };
            400: components["responses"]["Envelope400"];
            401: components["responses"]["Envelope401"];
            402: components["responses"]["Envelope402"];
            403: components["responses"]["Envelope403"];
            404: components["responses"]["Envelope404"];
            409: components["responses"]["Envelope409"];
            422: components["responses"]["Envelope422"];
            429: components["responses"]["Envelope429"];
            500: components["responses"]["Envelope500"];
            503: components["responses"]["Envelope503"];
        };
    };
    widgetExchangeHandoff: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WidgetExchangeHandoffRequest"];
            };
        };
        responses: {
            /** @description Trade a QR hand-off code for its session's embed token (once) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HandoffExchangedResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            404: components["responses"]["Flat404"];
            410: components["responses"]["Flat410"];
            413: components["responses"]["Flat413"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    getDesignTokens: {
        parameters: {
            query: {
                publishableKey: string;
            };
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Branding of the hosted pages by publishable key */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DesignTokensResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            404: components["responses"]["Flat404"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether every service answers its health check */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            404: components["responses"]["Flat404"];
            500: components["responses"]["Flat500"];
            /** @description A service did not answer SERVING */
            503: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
        };
    };
    adminListProjects: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List projects */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectListResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminCreateProject: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminCreateProjectRequest"];
            };
        };
        responses: {
            /** @description Create a project with a key pair per environment */
            201: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedProjectResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            413: components["responses"]["Flat413"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminGetProject: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read a project */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminApproveProject: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Approve a project (moderation) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminListKeys: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List a project's API keys (prefixes only) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyListResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminRotateKeys: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Issue a new key pair for an environment (the old keys are revoked) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedKeysResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminGetEnvironmentSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read an environment's settings */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvironmentSettingsResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminUpdateEnvironmentSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminUpdateEnvironmentSettingsRequest"];
            };
        };
        responses: {
            /** @description Change an environment's settings (new sessions take them) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvironmentSettingsResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            413: components["responses"]["Flat413"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminRevokeKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoke an API key */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminGetBalance: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read the balance, trial and credit limit */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminTopUp: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminTopUpRequest"];
            };
        };
        responses: {
            /** @description Add verifications to the balance */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            413: components["responses"]["Flat413"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminSetTrial: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminSetTrialRequest"];
            };
        };
        responses: {
            /** @description Set the remaining trial verifications */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            413: components["responses"]["Flat413"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminSetCreditLimit: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminSetCreditLimitRequest"];
            };
        };
        responses: {
            /** @description Set the credit limit */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            413: components["responses"]["Flat413"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminBalanceHistory: {
        parameters: {
            query?: {
                limit?: number;
                before?: string;
            };
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ledger, newest first */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerPageResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminGetBranding: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read the branding of the hosted pages */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandingResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminUpdateBranding: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminUpdateBrandingRequest"];
            };
        };
        responses: {
            /** @description Change the branding (refused whole under WCAG AA contrast) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandingResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            413: components["responses"]["Flat413"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminUploadLogo: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description JPG or PNG, at most 2 MB */
                    logo: string;
                };
            };
        };
        responses: {
            /** @description Upload the logo (fitted into 600×200 px, stored as PNG) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandingResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            413: components["responses"]["Flat413"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminRemoveLogo: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Remove the logo */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandingResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminListDeadLetters: {
        parameters: {
            query?: {
                group?: string;
                topic?: string;
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events the consumers gave up on */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeadLetterListResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminReplayDeadLetters: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AdminReplayDeadLettersRequest"];
            };
        };
        responses: {
            /** @description Ask the owning consumer groups to replay dead letters (filtered) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeadLetterReplayResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            413: components["responses"]["Flat413"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminReplayDeadLetter: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ask for one dead letter to be replayed */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeadLetterResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminListOperators: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List operators */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperatorListResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminCreateOperator: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminCreateOperatorRequest"];
            };
        };
        responses: {
            /** @description Create an operator (token and password shown once) */
            201: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedOperatorResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            413: components["responses"]["Flat413"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminCurrentOperator: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Who the credential belongs to */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CurrentOperatorResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminDisableOperator: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                operatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Disable an operator (locked out at once) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperatorResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminAuditLog: {
        parameters: {
            query?: {
                operatorId?: string;
                action?: string;
                limit?: number;
                before?: string;
            };
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The admin audit log, newest first */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditLogResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminGetScoringPolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read the scoring policy (overrides, effective, defaults) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScoringPolicyResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminSetScoringPolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminSetScoringPolicyRequest"];
            };
        };
        responses: {
            /** @description Replace the scoring policy overrides (`{}` resets) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScoringPolicyResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            413: components["responses"]["Flat413"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminListDecisions: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stored scoring decisions of a session */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionListResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminReviewQueue: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The manual_review sessions of an environment, oldest first, with who opened each */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewQueueResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminReviewCase: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A case as a reviewer sees it (audited; marks it opened by the caller; Cache-Control: no-store) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewCaseResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminSessionHistory: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A session's transitions, attempts and webhook deliveries, oldest first */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionHistoryResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminListSessions: {
        parameters: {
            query?: {
                environment?: "test" | "sandbox" | "live";
                status?: "pending" | "connected" | "processing" | "completed" | "failed" | "expired" | "manual_review" | "action_required" | "rejected" | "superseded";
                limit?: number;
                sessionId?: string;
                from?: string;
                to?: string;
                emailHash?: string;
                before?: string;
            };
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List a project's sessions */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSessionListResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminReviewSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminReviewSessionRequest"];
            };
        };
        responses: {
            /** @description A reviewer's decision on a session in manual_review */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            413: components["responses"]["Flat413"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminGetWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read an environment's webhook endpoint (its URL; never a secret) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointStateResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminSetWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminSetWebhookRequest"];
            };
        };
        responses: {
            /** @description Set the environment's webhook URL (the secret is shown when created) */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            413: components["responses"]["Flat413"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminRotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AdminRotateWebhookSecretRequest"];
            };
        };
        responses: {
            /** @description Rotate the webhook secret; the old one keeps signing for overlapHours */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedWebhookSecretResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            413: components["responses"]["Flat413"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminListWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                environment: "test" | "sandbox" | "live";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook delivery log */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryListResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
    adminReplayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description The date-pinned API version (spec part 9); absent, malformed or unknown values mean the baseline. */
                "service-version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                projectId: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Send a delivery again */
            200: {
                headers: {
                    "service-version": components["headers"]["ServiceVersion"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryResponse"];
                };
            };
            400: components["responses"]["Flat400"];
            401: components["responses"]["Flat401"];
            403: components["responses"]["Flat403"];
            404: components["responses"]["Flat404"];
            429: components["responses"]["Flat429"];
            500: components["responses"]["Flat500"];
            503: components["responses"]["Flat503"];
        };
    };
}
