import { randomUUID } from 'node:crypto';
import { type biometrics, common, type document, type scoring, verificationOutcomes } from '@kyc/contracts';
import type { SessionStore } from '../application/ports/session-store';
import type { SessionRecord, SessionScope } from '../domain/session';
import { DEFAULT_ENVIRONMENT_SETTINGS, type EnvironmentSettings, sessionSettings } from '../domain/environment-settings';

/**
 * What the session service's integration specs share: a sandbox session ready to submit (a
 * passport page and a selfie in), and the evidence their fake document service answers for it.
 */
/** DUPLICATE_KEY_SECRET of the specs' evidence gatherers. */
export const TEST_DUPLICATE_KEY_SECRET = 'duplicate-key-secret-of-the-session-specs';

export const PASSPORT_EVIDENCE: document.DocumentEvidence = {
  documentType: 'passport',
  fullName: 'ERIKA MUSTERMANN',
  firstName: 'ERIKA',
  lastName: 'MUSTERMANN',
  dateOfBirth: '1964-08-12',
  nationality: 'DEU',
  sex: 'F',
  documentNumber: 'C01X00T47',
  issueDate: '',
  expiryDate: '2031-10-31',
  placeOfBirth: '',
  analysed: true,
  signals: [],
  detectionConfidence: 0.97,
  portraitAvailable: true,
  requiresBackSide: false,
  sides: [common.DocumentSide.DOCUMENT_SIDE_MAIN],
};

/** What the fake biometrics service answers for a selfie that matches the portrait. */
export const MATCHED_FACE: biometrics.FaceMatch = {
  status: common.FaceMatchStatus.FACE_MATCH_STATUS_MATCHED,
  score: 0.9,
  performed: true,
  detail: '',
  livenessConfidence: 0.95,
  duplicate: { suspected: false, matches: 0, reason: '', matchedSessionIds: [] },
};

/** A scoring decision: an automatic approval unless `over` says otherwise. */
export function decisionOf(over: Partial<scoring.Decision> = {}): scoring.Decision {
  return {
    outcome: verificationOutcomes.toWire('completed'),
    confidence: 0.93,
    issueCodes: [],
    nextAction: '',
    failureReason: '',
    rejectionReason: '',
    reviewedBy: '',
    explanation: [],
    ...over,
  };
}

/** A connected sandbox session of `scope` with its passport page and selfie uploaded. */
export function readySession(
  sessions: SessionStore,
  scope: SessionScope,
  email = `p-${randomUUID()}@example.com`,
  settings: EnvironmentSettings = DEFAULT_ENVIRONMENT_SETTINGS,
): Promise<SessionRecord> {
  return sessions.transaction(async (tx) => {
    const created = await tx.insert({
      id: randomUUID(),
      projectId: scope.projectId,
      environment: scope.environment,
      testMode: false,
      status: 'connected',
      clientMetadata: { email },
      email,
      language: 'en',
      expiryMinutes: 30,
      expiresAt: new Date(Date.now() + 30 * 60_000),
      createdAt: new Date(),
      ...sessionSettings(settings),
    });
    return tx.update(created.id, { uploads: { main: true, face: true }, requiresBackSide: false, documentType: 'passport' });
  });
}
