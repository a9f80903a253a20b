import type { session } from '@kyc/contracts';
import type { SessionConfig } from '../config';
import type { AttemptRecord, SessionRecord } from '../infrastructure/session.repository';
import { toProtoEnvironment } from '../transport/environment-mapping';

/** Domain records → contract messages. Absent values are empty strings, as proto3 sends them. */
export function toSessionMessage(record: SessionRecord, extras: { embedToken?: string; config: Pick<SessionConfig, 'PUBLIC_BASE_URL'>; allowManualUpload?: boolean }): session.Session {
  const base = extras.config.PUBLIC_BASE_URL.replace(/\/$/, '');
  return {
    id: record.id,
    status: record.status,
    embedToken: extras.embedToken ?? '',
    expiresAt: record.expiresAt.toISOString(),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    widgetUrl: `${base}/widget/sessions/${record.id}`,
    qrCodeUrl: `${base}/widget/sessions/${record.id}/qr`,
    allowManualUpload: extras.allowManualUpload ?? true,
    testMode: record.testMode,
    clientMetadataJson: JSON.stringify(record.clientMetadata ?? {}),
    projectId: record.projectId,
    environment: toProtoEnvironment(record.environment),
  };
}

const EMPTY_EXTRACTED: session.ExtractedData = {
  fullName: '', firstName: '', lastName: '', dateOfBirth: '', nationality: '', sex: '', documentNumber: '', issueDate: '', expiryDate: '', placeOfBirth: '',
};

export function toExtractedData(data: Record<string, string> | null): session.ExtractedData {
  return { ...EMPTY_EXTRACTED, ...(data ?? {}) };
}

export function toAttemptMessage(attempt: AttemptRecord): session.Attempt {
  return {
    id: attempt.id,
    status: attempt.status,
    confidence: attempt.confidence ?? 0,
    documentType: attempt.documentType ?? '',
    faceMatchStatus: attempt.faceMatchStatus ?? '',
    faceMatchScore: attempt.faceMatchScore ?? 0,
    hasFaceMatchScore: attempt.faceMatchScore !== null,
    poaStatus: attempt.poaStatus ?? '',
    failureReason: attempt.failureReason ?? '',
    isReused: attempt.isReused,
    extractedData: toExtractedData(attempt.extractedData),
    createdAt: attempt.createdAt.toISOString(),
  };
}
