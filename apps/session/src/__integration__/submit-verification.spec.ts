import { verificationOutcomes } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { createLogger } from '@kyc/logger';
import { withServiceDatabase } from '@kyc/testing';
import { LEASE_LAPSED, LapsedAttemptSweeper } from '../application/lapsed-attempt-sweeper';
import type { ServiceClients } from '../application/ports/service-clients';
import { PurgeWorker } from '../application/purge-worker';
import { applyTransition } from '../application/session-transitions';
import { SubmitVerificationUseCase } from '../application/submit-verification.usecase';
import { VerificationEvidenceGatherer } from '../application/verification-evidence';
import type { SessionScope } from '../domain/session';
import { createSessionDataSource } from '../infrastructure/data-source';
import { SessionRepository } from '../infrastructure/session.repository';
import { TenancyRepository } from '../infrastructure/tenancy.repository';
import { decisionOf, MATCHED_FACE, PASSPORT_EVIDENCE, readySession as readyFixture, TEST_DUPLICATE_KEY_SECRET } from './session-fixtures';

/**
 * The submit use case on a real PostgreSQL with the analysis services faked at their gRPC port:
 * every outcome, the abandon path, a lapsed processing lease, and purges that wait for
 * unreachable services. What is asserted is what the database holds afterwards.
 */
const logger = createLogger('submit-test', 'silent');

const EVIDENCE = PASSPORT_EVIDENCE;

/** The analysis services as the session service sees them: answers chosen per test, purges counted, reachability switchable. */
class FakeAnalysis {
  decision = decisionOf({});
  documentFailure: Error | undefined;
  /** When set, evidence waits for this promise (a submit still running when its lease lapses). */
  evidenceGate: Promise<void> | undefined;
  purgeReachable = true;
  readonly purged: { target: string; sessionId: string }[] = [];

  readonly clients = {
    document: {
      getDocumentEvidence: async () => {
        if (this.documentFailure) throw this.documentFailure;
        await this.evidenceGate;
        return EVIDENCE;
      },
      purgeSession: async ({ sessionId }: { sessionId: string }) => this.purge('document', sessionId),
    },
    biometrics: {
      matchFace: async () => MATCHED_FACE,
      purgeSession: async ({ sessionId }: { sessionId: string }) => this.purge('biometrics', sessionId),
      dropSelfieImage: async () => ({ dropped: false }),
    },
    scoring: { decide: async () => this.decision },
  } as unknown as Pick<ServiceClients, 'document' | 'biometrics' | 'scoring'>;

  private purge(target: string, sessionId: string) {
    if (!this.purgeReachable) throw new KycError(ErrorCode.SERVICE_UNAVAILABLE, `${target} unreachable`);
    this.purged.push({ target, sessionId });
    return {};
  }
}

describe('submit on a real PostgreSQL', () => {
  const database = withServiceDatabase(createSessionDataSource);
  let sessions: SessionRepository;
  let scope: SessionScope;
  let analysis: FakeAnalysis;

  beforeAll(async () => {
    sessions = new SessionRepository(database.dataSource);
    scope = {
      projectId: (await new TenancyRepository(database.dataSource).createProject('Submit', 'Tests')).project.id,
      environment: 'sandbox',
    };
  });
  beforeEach(() => {
    analysis = new FakeAnalysis();
  });

  const submitUseCase = (leaseMs = 60_000) =>
    new SubmitVerificationUseCase(
      sessions,
      new VerificationEvidenceGatherer(analysis.clients, TEST_DUPLICATE_KEY_SECRET),
      { leaseMs, analysisDeadlineMs: 5_000 },
      logger,
    );

  /** A sandbox session with a one-sided document and a selfie in, ready to submit. */
  const readySession = (email?: string) => readyFixture(sessions, scope, email);

  const query = <T>(sql: string, params: unknown[]) => database.dataSource.query(sql, params) as Promise<T[]>;
  const outboxOf = (sessionId: string) =>
    query<{ type: string; payload: Record<string, unknown> }>(
      `SELECT type, payload FROM session.outbox WHERE session_id = $1 ORDER BY position`,
      [sessionId],
    );
  const attemptsOf = (sessionId: string) =>
    query<{
      status: string;
      failure_reason: string | null;
      extracted_data: Record<string, string> | null;
      lease_expires_at: Date | null;
      issue_codes: string[];
    }>(
      `SELECT status, failure_reason, extracted_data, lease_expires_at, issue_codes FROM session.attempts WHERE session_id = $1 ORDER BY created_at`,
      [sessionId],
    );
  const purgesOf = (sessionId: string) =>
    query<{ target: string; tries: number; purged_at: Date | null; last_error: string | null; next_try_at: Date }>(
      `SELECT target, tries, purged_at, last_error, next_try_at FROM session.purge_requests WHERE session_id = $1 ORDER BY target`,
      [sessionId],
    );

  it('completed: the attempt succeeds, one completion event without the document number, the documents purged and the face kept', async () => {
    const session = await readySession();
    const outcome = await submitUseCase().execute(scope, session.id);
    expect(outcome.session.status).toBe('completed');
    expect(await attemptsOf(session.id)).toEqual([
      expect.objectContaining({
        status: 'success',
        lease_expires_at: null,
        extracted_data: expect.objectContaining({ lastName: 'MUSTERMANN' }),
      }),
    ]);
    const events = await outboxOf(session.id);
    expect(events.map((e) => e.type)).toEqual(['verification.completed']);
    expect(JSON.stringify(events[0].payload)).not.toContain(EVIDENCE.documentNumber);
    // Every terminal state purges: a completion the document service's images and extracted state; the
    // enrolled face stays for the duplicate index and vault reuse (docs/retention.md).
    expect((await purgesOf(session.id)).map((p) => [p.target, p.purged_at])).toEqual([['document', null]]);
    await new PurgeWorker(sessions, analysis.clients, logger).drainOnce();
    expect(analysis.purged.filter((p) => p.sessionId === session.id)).toEqual([{ target: 'document', sessionId: session.id }]);
    expect((await sessions.find(scope, session.id)).dataGeneration).toBe(session.dataGeneration);
    // A second submit answers from the completed attempt and changes nothing.
    expect((await submitUseCase().execute(scope, session.id)).attempt.id).toBe(outcome.attempt.id);
    expect(await attemptsOf(session.id)).toHaveLength(1);
  });

  it('manual_review: issue codes are kept and no event is written', async () => {
    const session = await readySession();
    analysis.decision = decisionOf({ outcome: verificationOutcomes.toWire('manual_review'), issueCodes: ['DOCUMENT_QUALITY_TOO_LOW'] });
    expect((await submitUseCase().execute(scope, session.id)).session.status).toBe('manual_review');
    expect(await attemptsOf(session.id)).toEqual([
      expect.objectContaining({ status: 'manual_review', issue_codes: ['DOCUMENT_QUALITY_TOO_LOW'] }),
    ]);
    expect(await outboxOf(session.id)).toEqual([]);
  });

  it('superseded (terminal, never enrolled): a purge is queued for both services', async () => {
    const session = await readySession();
    analysis.decision = decisionOf({ outcome: verificationOutcomes.toWire('manual_review'), issueCodes: ['DOCUMENT_QUALITY_TOO_LOW'] });
    expect((await submitUseCase().execute(scope, session.id)).session.status).toBe('manual_review');
    expect(await purgesOf(session.id)).toEqual([]);
    await sessions.transaction(async (tx) =>
      applyTransition(tx, await tx.findForUpdate(scope, session.id), 'superseded_by_newer_attempt', { now: new Date() }),
    );
    expect((await purgesOf(session.id)).map((p) => p.target)).toEqual(['biometrics', 'document']);
  });

  it('action_required: the named side is asked for again, the TTL becomes 24 h and a cycle is counted', async () => {
    const session = await readySession();
    analysis.decision = decisionOf({
      outcome: verificationOutcomes.toWire('action_required'),
      nextAction: 'resubmit_front',
      issueCodes: ['BLUR'],
    });
    const outcome = await submitUseCase().execute(scope, session.id);
    expect(outcome.session).toMatchObject({
      status: 'action_required',
      nextAction: 'resubmit_front',
      actionCycles: 1,
      uploads: { main: true, face: true, front: false },
    });
    expect(outcome.session.expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
  });

  it('failed: the failure code is thrown, extracted data is not kept, and a purge is queued for both services', async () => {
    const session = await readySession();
    analysis.decision = decisionOf({ outcome: verificationOutcomes.toWire('failed'), failureReason: ErrorCode.FACE_MISMATCH });
    await expect(submitUseCase().execute(scope, session.id)).rejects.toMatchObject({ code: ErrorCode.FACE_MISMATCH });
    expect((await sessions.find(scope, session.id)).status).toBe('failed');
    expect(await attemptsOf(session.id)).toEqual([
      expect.objectContaining({ status: 'failed', extracted_data: null, failure_reason: ErrorCode.FACE_MISMATCH }),
    ]);
    expect((await purgesOf(session.id)).map((p) => [p.target, p.purged_at])).toEqual([
      ['biometrics', null],
      ['document', null],
    ]);
  });

  it('a submit on a failed session reopens it (spec part 3, rule 1): committed, uploads cleared, and KYC_UPLOADS_MISSING', async () => {
    const session = await readySession();
    analysis.decision = decisionOf({ outcome: verificationOutcomes.toWire('failed'), failureReason: ErrorCode.FACE_MISMATCH });
    await expect(submitUseCase().execute(scope, session.id)).rejects.toMatchObject({ code: ErrorCode.FACE_MISMATCH });
    await expect(submitUseCase().execute(scope, session.id)).rejects.toMatchObject({
      code: ErrorCode.UPLOADS_MISSING,
      message: expect.stringMatching(/open again/),
    });
    expect(await sessions.find(scope, session.id)).toMatchObject({ status: 'connected', uploads: {}, documentType: null });
    // The failed attempt is kept; no new one was opened.
    expect((await attemptsOf(session.id)).map((a) => a.status)).toEqual(['failed']);
  });

  it('rejected (test persona): closed as rejected with a status_changed event, and its billing unit given back', async () => {
    const session = await readySession();
    analysis.decision = decisionOf({
      outcome: verificationOutcomes.toWire('rejected'),
      rejectionReason: 'persona rejects',
      reviewedBy: 'persona',
    });
    const outcome = await submitUseCase().execute(scope, session.id);
    expect(outcome.session.status).toBe('rejected');
    expect((await outboxOf(session.id)).map((e) => e.type)).toEqual(['verification.status_changed', 'verification.closed']);
  });

  it('abandon: an unreachable service gives the session back as it was, and submit works again', async () => {
    const session = await readySession();
    analysis.documentFailure = new KycError(ErrorCode.SERVICE_UNAVAILABLE, 'document down');
    await expect(submitUseCase().execute(scope, session.id)).rejects.toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
    expect((await sessions.find(scope, session.id)).status).toBe('connected');
    expect(await attemptsOf(session.id)).toEqual([
      expect.objectContaining({ status: 'abandoned', failure_reason: 'processing could not run', lease_expires_at: null }),
    ]);
    analysis.documentFailure = undefined;
    expect((await submitUseCase().execute(scope, session.id)).session.status).toBe('completed');
  });

  it('a submit that dies mid-way does not leave the session processing: its lease lapses and the sweeper gives the session back', async () => {
    const session = await readySession();
    let release!: () => void;
    analysis.evidenceGate = new Promise<void>((resolve) => (release = resolve));
    // A short lease; the analysis call below never returns before it (as if the process had died).
    const stuck = submitUseCase(300).execute(scope, session.id);
    const sweeper = new LapsedAttemptSweeper(sessions, logger);
    expect(await sweeper.sweepOnce()).toBe(0);
    expect((await sessions.find(scope, session.id)).status).toBe('processing');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await sweeper.sweepOnce()).toBe(1);
    expect((await sessions.find(scope, session.id)).status).toBe('connected');
    expect(await attemptsOf(session.id)).toEqual([expect.objectContaining({ status: 'abandoned', failure_reason: LEASE_LAPSED })]);

    // The late decision arrives: it is discarded, the session stays as the sweeper left it.
    release();
    await expect(stuck).rejects.toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
    expect((await sessions.find(scope, session.id)).status).toBe('connected');
    expect(await outboxOf(session.id)).toEqual([]);
    analysis.evidenceGate = undefined;
    expect((await submitUseCase().execute(scope, session.id)).session.status).toBe('completed');
  });

  it('purges wait for the services: retried with backoff while they are down, acknowledged once they are up', async () => {
    const session = await readySession();
    analysis.decision = decisionOf({ outcome: verificationOutcomes.toWire('failed'), failureReason: ErrorCode.FACE_MISMATCH });
    await expect(submitUseCase().execute(scope, session.id)).rejects.toMatchObject({ code: ErrorCode.FACE_MISMATCH });

    const worker = new PurgeWorker(sessions, analysis.clients, logger);
    analysis.purgeReachable = false;
    const down = await worker.drainOnce();
    expect(down.failed).toBeGreaterThanOrEqual(2);
    let rows = await purgesOf(session.id);
    expect(rows.map((p) => [p.target, p.tries, p.purged_at])).toEqual([
      ['biometrics', 1, null],
      ['document', 1, null],
    ]);
    expect(rows.every((p) => p.last_error?.includes('unreachable') && p.next_try_at.getTime() > Date.now())).toBe(true);
    // Not due yet: a drain right now leaves them alone.
    expect((await worker.drainOnce()).purged).toBe(0);

    analysis.purgeReachable = true;
    await worker.drainOnce(new Date(Date.now() + 60_000));
    rows = await purgesOf(session.id);
    expect(rows.every((p) => p.purged_at !== null && p.last_error === null)).toBe(true);
    expect(
      analysis.purged
        .filter((p) => p.sessionId === session.id)
        .map((p) => p.target)
        .sort(),
    ).toEqual(['biometrics', 'document']);
  });
});
