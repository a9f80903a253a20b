import {
  type FaceMatchStatusName,
  type VerificationOutcomeName,
  type biometrics,
  common,
  type document,
  faceMatchStatuses,
  type scoring,
  toProtoEnvironment,
  verificationOutcomes,
} from '@kyc/contracts';
import { duplicateKey } from '../domain/duplicate-key';
import { recordedProblems } from '../domain/recoverable-problems';
import type { SessionRecord } from '../domain/session';
import type { ServiceClients } from './ports/service-clients';

/** Scoring's decision with its outcome by name. */
export type ScoredDecision = Omit<scoring.Decision, 'outcome'> & { outcome: VerificationOutcomeName };
/** The face match with its status by name (null when the matcher did not say). */
export type FaceMatchEvidence = Omit<biometrics.FaceMatch, 'status'> & { status: FaceMatchStatusName | null };

/** What the pipeline found and what scoring decided, gathered over gRPC with no lock held. */
export interface VerificationEvidence {
  documentEvidence: document.DocumentEvidence;
  faceMatch: FaceMatchEvidence | undefined;
  decision: ScoredDecision;
  /** The identity's duplicate key (domain/duplicate-key.ts) of the document read; empty when it was not read. */
  identityKey: string;
}

/** The new selfie against an earlier verification's enrolled face (vault reuse). */
export interface ReuseMatchEvidence {
  faceMatch: FaceMatchEvidence;
}

const RECORDED_UPLOAD_PROBLEM = {
  name: 'recorded_upload_problem',
  value: 1,
  source: common.SignalSource.SIGNAL_SOURCE_UPLOAD,
  kind: common.SignalKind.SIGNAL_KIND_RECORDED,
  severity: common.Severity.SEVERITY_MEDIUM,
  side: common.EvidenceScope.EVIDENCE_SCOPE_UNSPECIFIED,
  detail: '',
} as const;

/** Each call's deadline: the analysis deadline, or less when the attempt's lease ends sooner. */
export type DeadlineBudget = () => number;

/**
 * Asks the document service for its evidence, the biometrics service for the face match, and
 * the scoring service for the decision. Reads only; the submit use case writes.
 */
export class VerificationEvidenceGatherer {
  /** `duplicateKeySecret`: DUPLICATE_KEY_SECRET, the key of the e-mail and identity duplicate keys. */
  constructor(
    private readonly clients: Pick<ServiceClients, 'document' | 'biometrics' | 'scoring'>,
    private readonly duplicateKeySecret: string,
  ) {}

  async gather(current: SessionRecord, attemptId: string, deadlineMs: DeadlineBudget): Promise<VerificationEvidence> {
    const documentEvidence = await this.clients.document.getDocumentEvidence(
      { sessionId: current.id, testMode: current.testMode, email: current.email ?? '' },
      { deadlineMs: deadlineMs() },
    );
    const identity = documentEvidence.analysed ? identityKey(this.duplicateKeySecret, documentEvidence) : '';
    const wireFaceMatch =
      current.testMode || current.uploads.face
        ? await this.clients.biometrics.matchFace(
            {
              sessionId: current.id,
              testMode: current.testMode,
              projectId: current.projectId,
              environment: toProtoEnvironment(current.environment),
              identityKey: identity,
              emailKey: current.email ? duplicateKey(this.duplicateKeySecret, current.email) : '',
            },
            { deadlineMs: deadlineMs() },
          )
        : undefined;
    const signals: scoring.Signal[] = [
      ...recordedProblems(current.uploadProblems).map((code: string) => ({ ...RECORDED_UPLOAD_PROBLEM, code })),
      ...documentEvidence.signals.map((signal) => ({
        name: 'document_signal',
        value: 1,
        source: common.SignalSource.SIGNAL_SOURCE_DOCUMENT,
        ...signal,
      })),
    ];
    const decision = await this.clients.scoring.decide(
      {
        sessionId: current.id,
        attemptId,
        projectId: current.projectId,
        environment: toProtoEnvironment(current.environment),
        testMode: current.testMode,
        email: current.email ?? '',
        signals,
        documentAnalysed: documentEvidence.analysed,
        documentType: documentEvidence.documentType,
        detectionConfidence: documentEvidence.detectionConfidence,
        requiresBackSide: documentEvidence.requiresBackSide,
        faceMatchPerformed: wireFaceMatch?.performed ?? false,
        faceMatchScore: wireFaceMatch?.score ?? 0,
        faceMatchStatus: wireFaceMatch?.status ?? common.FaceMatchStatus.FACE_MATCH_STATUS_NOT_PERFORMED,
        livenessConfidence: wireFaceMatch?.livenessConfidence ?? 0,
        duplicateSuspected: wireFaceMatch?.duplicate?.suspected ?? false,
        recollectionCycles: current.actionCycles,
      },
      { deadlineMs: deadlineMs() },
    );
    return {
      // An outcome this build does not know goes to a human rather than deciding by itself.
      decision: { ...decision, outcome: verificationOutcomes.fromWire(decision.outcome) ?? 'manual_review' },
      documentEvidence,
      faceMatch: wireFaceMatch && { ...wireFaceMatch, status: faceMatchStatuses.fromWire(wireFaceMatch.status) },
      identityKey: identity,
    };
  }

  /** Vault reuse: asks biometrics to match the session's selfie against the earlier verification's enrolled face. */
  async matchEnrolled(current: SessionRecord, enrolledSessionId: string, deadlineMs: DeadlineBudget): Promise<ReuseMatchEvidence> {
    const wire = await this.clients.biometrics.matchEnrolled(
      {
        sessionId: current.id,
        testMode: current.testMode,
        projectId: current.projectId,
        environment: toProtoEnvironment(current.environment),
        enrolledSessionId,
        emailKey: current.email ? duplicateKey(this.duplicateKeySecret, current.email) : '',
      },
      { deadlineMs: deadlineMs() },
    );
    return { faceMatch: { ...wire, status: faceMatchStatuses.fromWire(wire.status) } };
  }
}

const EXTRACTED_FIELDS = [
  'fullName',
  'firstName',
  'lastName',
  'dateOfBirth',
  'nationality',
  'sex',
  'documentNumber',
  'issueDate',
  'expiryDate',
  'placeOfBirth',
] as const;

export function extractedFields(evidence: document.DocumentEvidence): Record<string, string> {
  return Object.fromEntries(EXTRACTED_FIELDS.filter((field) => evidence[field] !== '').map((field) => [field, evidence[field]]));
}

/**
 * One person's identity as printed on the document, normalised (case, accents, spacing) so that
 * two reads of the same document agree; only its keyed hash is stored or leaves this service.
 */
function identityKey(secret: string, evidence: document.DocumentEvidence): string {
  const fold = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, ' ')
      .trim();
  const name = fold(evidence.lastName && evidence.firstName ? `${evidence.lastName} ${evidence.firstName}` : evidence.fullName);
  return name && evidence.dateOfBirth ? duplicateKey(secret, `${name}|${evidence.dateOfBirth}`) : '';
}
