import { createHash } from 'node:crypto';
import type { biometrics, document, scoring } from '@kyc/contracts';
import { recordedProblems } from '../domain/recoverable-problems';
import type { SessionRecord } from '../domain/session';
import type { ServiceClients } from './ports/service-clients';

/** What the pipeline found and what scoring decided, gathered over gRPC with no lock held. */
export interface VerificationEvidence {
  documentEvidence: document.DocumentEvidence;
  faceMatch: biometrics.FaceMatch | undefined;
  decision: scoring.Decision;
}

/** Each call's deadline: the analysis deadline, or less when the attempt's lease ends sooner. */
export type DeadlineBudget = () => number;

/**
 * Asks the document service for its evidence, the biometrics service for the face match, and
 * the scoring service for the decision. Reads only; the submit use case writes.
 */
export class VerificationEvidenceGatherer {
  constructor(private readonly clients: Pick<ServiceClients, 'document' | 'biometrics' | 'scoring'>) {}

  async gather(current: SessionRecord, attemptId: string, deadlineMs: DeadlineBudget): Promise<VerificationEvidence> {
    const documentEvidence = await this.clients.document.getDocumentEvidence(
      { sessionId: current.id, testMode: current.testMode, email: current.email ?? '' },
      { deadlineMs: deadlineMs() },
    );
    const faceMatch = current.testMode || current.uploads.face
      ? await this.clients.biometrics.matchFace({
        sessionId: current.id,
        testMode: current.testMode,
        projectId: current.projectId,
        environment: current.environment,
        identityKey: documentEvidence.analysed ? identityKey(documentEvidence) : '',
        emailKey: current.email ? sha256(current.email) : '',
      }, { deadlineMs: deadlineMs() })
      : undefined;
    const signals: scoring.Signal[] = [
      ...recordedProblems(current.uploadProblems).map((code: string) => ({ name: 'recorded_upload_problem', value: 1, code, source: 'upload', kind: 'recorded', severity: 'medium', side: '', detail: '' })),
      ...documentEvidence.signals.map((signal) => ({ name: 'document_signal', value: 1, code: signal.code, source: 'document', kind: signal.kind, severity: signal.severity, side: signal.side, detail: signal.detail })),
    ];
    const decision = await this.clients.scoring.decide({
      sessionId: current.id,
      attemptId,
      projectId: current.projectId,
      environment: current.environment,
      testMode: current.testMode,
      email: current.email ?? '',
      signals,
      documentAnalysed: documentEvidence.analysed,
      documentType: documentEvidence.documentType,
      detectionConfidence: documentEvidence.detectionConfidence,
      requiresBackSide: documentEvidence.requiresBackSide,
      faceMatchPerformed: faceMatch?.performed ?? false,
      faceMatchScore: faceMatch?.score ?? 0,
      faceMatchStatus: faceMatch?.status ?? 'NOT_PERFORMED',
      livenessConfidence: faceMatch?.livenessConfidence ?? 0,
      duplicateSuspected: faceMatch?.duplicate?.suspected ?? false,
      recollectionCycles: current.actionCycles,
    }, { deadlineMs: deadlineMs() });
    return { decision, documentEvidence, faceMatch };
  }
}

const EXTRACTED_FIELDS = ['fullName', 'firstName', 'lastName', 'dateOfBirth', 'nationality', 'sex', 'documentNumber', 'issueDate', 'expiryDate', 'placeOfBirth'] as const;

export function extractedFields(evidence: document.DocumentEvidence): Record<string, string> {
  return Object.fromEntries(EXTRACTED_FIELDS.filter((field) => evidence[field] !== '').map((field) => [field, evidence[field]]));
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * One person's identity as printed on the document, normalised (case, accents, spacing) so that
 * two reads of the same document agree; only its hash leaves this service.
 */
function identityKey(evidence: document.DocumentEvidence): string {
  const fold = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();
  const name = fold(evidence.lastName && evidence.firstName ? `${evidence.lastName} ${evidence.firstName}` : evidence.fullName);
  return name && evidence.dateOfBirth ? sha256(`${name}|${evidence.dateOfBirth}`) : '';
}
