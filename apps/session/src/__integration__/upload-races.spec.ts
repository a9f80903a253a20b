import { randomUUID } from 'node:crypto';
import { type VerificationOutcomeName, verificationOutcomes } from '@kyc/contracts';
import { ErrorCode } from '@kyc/errors';
import { createLogger } from '@kyc/logger';
import { withServiceDatabase } from '@kyc/testing';
import type { ServiceClients } from '../application/ports/service-clients';
import { PurgeWorker } from '../application/purge-worker';
import { SubmitVerificationUseCase } from '../application/submit-verification.usecase';
import { UploadDocumentUseCase } from '../application/upload-document.usecase';
import { UploadFaceUseCase } from '../application/upload-face.usecase';
import { VerificationEvidenceGatherer } from '../application/verification-evidence';
import type { SessionRecord, SessionScope } from '../domain/session';
import { createSessionDataSource } from '../infrastructure/data-source';
import { SessionRepository } from '../infrastructure/session.repository';
import { TenancyRepository } from '../infrastructure/tenancy.repository';
import { PASSPORT_EVIDENCE, readySession as readyFixture, TEST_DUPLICATE_KEY_SECRET } from './session-fixtures';

/**
 * Uploads racing a submit on a real PostgreSQL, the analysis services faked at their gRPC port:
 * an upload analysed while the session completed or failed must not become the session's data
 * (no promotion), and a purge must take only the data of the generation that failed.
 */
const logger = createLogger('upload-race-test', 'silent');

/** The analysis services: each analysis can be held at a gate; promotions and purges are recorded. */
class FakeServices {
  outcome: VerificationOutcomeName = 'completed';
  gate: Promise<void> | undefined;
  readonly promoted: { kind: 'side' | 'selfie'; sessionId: string; uploadId: string }[] = [];
  readonly analysedWith: number[] = [];
  readonly purged: { target: string; sessionId: string; throughGeneration?: number }[] = [];

  readonly clients = {
    document: {
      analyzeSide: async (request: { side: string; dataGeneration: number }) => {
        this.analysedWith.push(request.dataGeneration);
        await this.gate;
        return {
          side: request.side,
          detectedDocumentType: 'passport',
          detectionConfidence: 0.97,
          isValidDocument: true,
          requiresBackSide: false,
          issueCodes: [],
          width: 1200,
          height: 850,
          uploadId: randomUUID(),
        };
      },
      promoteSide: async (request: { sessionId: string; uploadId: string }) => {
        this.promoted.push({ kind: 'side', ...request });
        return {};
      },
      getDocumentEvidence: async () => PASSPORT_EVIDENCE,
      purgeSession: async (request: { sessionId: string; throughGeneration?: number }) => {
        this.purged.push({ target: 'document', ...request });
        return { purgedSides: 1 };
      },
    },
    biometrics: {
      analyzeSelfie: async (request: { dataGeneration: number }) => {
        this.analysedWith.push(request.dataGeneration);
        await this.gate;
        return { live: true, livenessConfidence: 0.95, rejectionDetails: '', faceDetected: true, uploadId: randomUUID() };
      },
      promoteSelfie: async (request: { sessionId: string; uploadId: string }) => {
        this.promoted.push({ kind: 'selfie', ...request });
        return {};
      },
      matchFace: async () => ({
        status: 'MATCHED',
        score: 0.9,
        performed: true,
        detail: '',
        livenessConfidence: 0.95,
        duplicate: { suspected: false, matches: 0, reason: '' },
      }),
      purgeSession: async (request: { sessionId: string; throughGeneration?: number }) => {
        this.purged.push({ target: 'biometrics', ...request });
        return { purged: true };
      },
      dropSelfieImage: async () => ({ dropped: false }),
    },
    scoring: {
      decide: async () => ({
        outcome: verificationOutcomes.toWire(this.outcome),
        confidence: 0.9,
        issueCodes: [],
        nextAction: '',
        failureReason: this.outcome === 'failed' ? ErrorCode.FACE_MISMATCH : '',
        rejectionReason: '',
        reviewedBy: '',
        explanation: [],
      }),
    },
  } as unknown as ServiceClients;
}

describe('uploads racing a submit, on a real PostgreSQL', () => {
  const database = withServiceDatabase(createSessionDataSource);
  let sessions: SessionRepository;
  let scope: SessionScope;
  let services: FakeServices;

  beforeAll(async () => {
    sessions = new SessionRepository(database.dataSource);
    scope = {
      projectId: (await new TenancyRepository(database.dataSource).createProject('Races', 'Tests')).project.id,
      environment: 'sandbox',
    };
  });
  beforeEach(() => {
    services = new FakeServices();
  });

  const submit = () =>
    new SubmitVerificationUseCase(
      sessions,
      new VerificationEvidenceGatherer(services.clients, TEST_DUPLICATE_KEY_SECRET),
      { leaseMs: 60_000, analysisDeadlineMs: 5_000 },
      logger,
    ).execute(scope, sessionIdOf.current);
  const uploadMain = (sessionId: string): Promise<unknown> =>
    new UploadDocumentUseCase(sessions, services.clients).execute({ scope, sessionId, side: 'main', image: Buffer.from('jpeg') });
  const uploadFace = (sessionId: string): Promise<unknown> =>
    new UploadFaceUseCase(sessions, services.clients).execute({ scope, sessionId, image: Buffer.from('jpeg') });
  const sessionIdOf = { current: '' };

  async function readySession(): Promise<SessionRecord> {
    const created = await readyFixture(sessions, scope);
    sessionIdOf.current = created.id;
    return created;
  }

  /** Starts an upload and holds its analysis until `release` is called. */
  function heldUpload<T>(start: () => Promise<T>): { done: Promise<T>; release: () => void } {
    let release!: () => void;
    services.gate = new Promise<void>((resolve) => (release = resolve));
    const done = start();
    return { done, release };
  }

  it('accepted uploads are promoted with the upload id the analysis gave, under the generation they started in', async () => {
    const session = await readySession();
    await uploadMain(session.id);
    await uploadFace(session.id);
    expect(services.promoted.map((p) => [p.kind, p.sessionId])).toEqual([
      ['side', session.id],
      ['selfie', session.id],
    ]);
    expect(services.analysedWith).toEqual([0, 0]);
  });

  it.each([
    ['a document side', uploadMain],
    ['a selfie', uploadFace],
  ])('%s analysed while a submit completed the session is refused and never promoted', async (_kind, upload) => {
    const session = await readySession();
    const racing = heldUpload(() => upload(session.id));
    await new Promise((resolve) => setTimeout(resolve, 50));
    services.gate = undefined;
    expect((await submit()).session.status).toBe('completed');
    racing.release();
    await expect(racing.done).rejects.toMatchObject({ code: ErrorCode.SESSION_CLOSED });
    expect(services.promoted).toEqual([]);
    expect((await sessions.find(scope, session.id)).status).toBe('completed');
  });

  it.each([
    ['a document side', uploadMain],
    ['a selfie', uploadFace],
  ])('%s analysed while a submit failed the session is refused, and the failure purges only what came before', async (_kind, upload) => {
    const session = await readySession();
    services.outcome = 'failed';
    const racing = heldUpload(() => upload(session.id));
    await new Promise((resolve) => setTimeout(resolve, 50));
    services.gate = undefined;
    await expect(submit()).rejects.toMatchObject({ code: ErrorCode.FACE_MISMATCH });
    racing.release();
    // Without the generation check this write would reopen the failed session with purged data.
    await expect(racing.done).rejects.toMatchObject({ code: ErrorCode.SESSION_CHANGED });
    expect(services.promoted).toEqual([]);
    const failed = await sessions.find(scope, session.id);
    expect(failed).toMatchObject({ status: 'failed', dataGeneration: 1 });

    // Sent again, the upload reopens the session in the new generation; the queued purge (run late) takes generation 0 only.
    await upload(session.id);
    expect(services.analysedWith).toEqual([0, 1]);
    expect(services.promoted).toHaveLength(1);
    expect((await sessions.find(scope, session.id)).status).toBe('connected');
    await new PurgeWorker(sessions, services.clients, logger).drainOnce();
    // The worker also drains the document purges of the sessions earlier tests completed (every terminal state purges).
    const purgedHere = services.purged.filter((p) => p.sessionId === session.id);
    expect(purgedHere.map((p) => `${p.target}:${p.throughGeneration}`).sort()).toEqual(['biometrics:0', 'document:0']);
  });

  it('a purge asked again for a later generation while one was in flight stays due', async () => {
    const session = await readySession();
    services.outcome = 'failed';
    await expect(submit()).rejects.toMatchObject({ code: ErrorCode.FACE_MISMATCH });
    const [claimed] = await sessions.claimDuePurges(new Date(), 1, 60_000);
    expect(claimed).toMatchObject({ sessionId: session.id, throughGeneration: 0 });
    // Meanwhile the session was reopened, and failed again: generation 1 is queued on the same rows.
    await sessions.transaction((tx) => tx.requestPurge(session.id, 1));
    await sessions.markPurged(claimed);
    const rows = await database.dataSource.query(
      `SELECT target, through_generation, purged_at FROM session.purge_requests WHERE session_id = $1 ORDER BY target`,
      [session.id],
    );
    expect(rows).toEqual([
      { target: 'biometrics', through_generation: 1, purged_at: null },
      { target: 'document', through_generation: 1, purged_at: null },
    ]);
  });
});
