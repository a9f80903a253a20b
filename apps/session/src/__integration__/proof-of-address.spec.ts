import { randomUUID } from 'node:crypto';
import type { document } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { createLogger } from '@kyc/logger';
import { withServiceDatabase } from '@kyc/testing';
import type { ServiceClients } from '../application/ports/service-clients';
import { ProofOfAddressUseCase } from '../application/proof-of-address.usecase';
import { SubmitVerificationUseCase } from '../application/submit-verification.usecase';
import { TenancyUseCases } from '../application/tenancy.usecases';
import { UploadDocumentUseCase } from '../application/upload-document.usecase';
import { VerificationEvidenceGatherer } from '../application/verification-evidence';
import { DEFAULT_ENVIRONMENT_SETTINGS, type EnvironmentSettings } from '../domain/environment-settings';
import type { SessionRecord, SessionScope } from '../domain/session';
import { createSessionDataSource } from '../infrastructure/data-source';
import { SessionRepository } from '../infrastructure/session.repository';
import { TenancyRepository } from '../infrastructure/tenancy.repository';
import { decisionOf, MATCHED_FACE, PASSPORT_EVIDENCE, readySession, TEST_DUPLICATE_KEY_SECRET } from './session-fixtures';

/**
 * Proof of address and the environment settings on a real PostgreSQL, with the document service
 * faked at its gRPC port: what the session records, what it refuses without recording, the
 * completion webhook held for a pending PoA and released when it finishes, and the sweeper.
 */
const logger = createLogger('poa-test', 'silent');

const REQUIRED: EnvironmentSettings = { ...DEFAULT_ENVIRONMENT_SETTINGS, poaRequiredForVerification: true };

class FakeDocumentService {
  outcome: document.ProofOfAddressAnalysis = { status: 'verified', reasons: [], documentKind: 'utility_bill' };
  refusal: KycError | undefined;
  /** When set, the analysis waits for it (an async job still running). */
  gate: Promise<void> | undefined;
  readonly requests: document.AnalyzeProofOfAddressRequest[] = [];

  readonly clients = {
    document: {
      analyzeProofOfAddress: async (request: document.AnalyzeProofOfAddressRequest) => {
        this.requests.push(request);
        await this.gate;
        if (this.refusal) throw this.refusal;
        return this.outcome;
      },
      getDocumentEvidence: async () => PASSPORT_EVIDENCE,
    },
    biometrics: { matchFace: async () => MATCHED_FACE, dropSelfieImage: async () => ({ dropped: false }) },
    scoring: { decide: async () => decisionOf() },
  } as unknown as Pick<ServiceClients, 'document' | 'biometrics' | 'scoring'>;
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not met in time');
}

describe('proof of address and environment settings (real PostgreSQL)', () => {
  const database = withServiceDatabase(createSessionDataSource);
  let sessions: SessionRepository;
  let tenancy: TenancyRepository;
  let scope: SessionScope;
  let fake: FakeDocumentService;
  let poa: ProofOfAddressUseCase;

  beforeAll(async () => {
    sessions = new SessionRepository(database.dataSource);
    tenancy = new TenancyRepository(database.dataSource);
    scope = { projectId: (await tenancy.createProject('PoA', 'Tests')).project.id, environment: 'sandbox' };
  });
  beforeEach(() => {
    fake = new FakeDocumentService();
    poa = new ProofOfAddressUseCase(sessions, fake.clients, logger);
  });

  const query = <T>(sql: string, params: unknown[]) => database.dataSource.query(sql, params) as Promise<T[]>;
  const jobsOf = (sessionId: string) =>
    query<{ status: string; reasons: string[] }>(`SELECT status, reasons FROM session.poa_jobs WHERE session_id = $1`, [sessionId]);
  const outboxOf = (sessionId: string) =>
    query<{ type: string; payload: Record<string, unknown> }>(
      `SELECT type, payload FROM session.outbox WHERE session_id = $1 ORDER BY position`,
      [sessionId],
    );
  const upload = (session: SessionRecord, wait: boolean) =>
    poa.upload({ scope, sessionId: session.id, document: Buffer.from('%PDF-1.7 test'), mediaType: 'pdf', wait });
  const submit = () =>
    new SubmitVerificationUseCase(
      sessions,
      new VerificationEvidenceGatherer(fake.clients, TEST_DUPLICATE_KEY_SECRET),
      { leaseMs: 60_000, analysisDeadlineMs: 5_000 },
      logger,
    );

  describe('settings', () => {
    it('are the defaults until changed, change only what is named, and refuse a recency outside 1–24 months', async () => {
      const useCases = new TenancyUseCases(tenancy);
      const { project } = await tenancy.createProject('Settings', 'Tests');
      expect(await useCases.settings(project.id, 'live')).toMatchObject({ ...DEFAULT_ENVIRONMENT_SETTINGS, updatedAt: null });
      await useCases.updateSettings(project.id, 'live', { poaRequiredForVerification: true });
      const changed = await useCases.updateSettings(project.id, 'live', { poaMaxAgeMonths: 6 });
      expect(changed).toMatchObject({ poaRequiredForVerification: true, poaMaxAgeMonths: 6, allowManualUpload: true });
      // Another environment of the same project is untouched.
      expect(await useCases.settings(project.id, 'sandbox')).toMatchObject(DEFAULT_ENVIRONMENT_SETTINGS);
      await expect(useCases.updateSettings(project.id, 'live', { poaMaxAgeMonths: 0 })).rejects.toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
      });
      await expect(useCases.updateSettings(randomUUID(), 'live', { allowManualUpload: false })).rejects.toMatchObject({
        code: ErrorCode.NOT_FOUND,
      });
      expect(await useCases.settings(project.id, 'live')).toMatchObject({ poaMaxAgeMonths: 6 });
    });

    it('a session refuses file uploads when manual uploads were off at its creation, camera captures pass', async () => {
      const session = await readySession(sessions, scope, undefined, { ...DEFAULT_ENVIRONMENT_SETTINGS, allowManualUpload: false });
      const documentUpload = new UploadDocumentUseCase(sessions, {
        document: {
          analyzeSide: async () => {
            throw new KycError(ErrorCode.IMAGE_INVALID, 'reached the analysis');
          },
        },
      } as unknown as Pick<ServiceClients, 'document'>);
      const command = { scope, sessionId: session.id, side: 'main' as const, image: Buffer.from('x') };
      await expect(documentUpload.execute({ ...command, capture: 'file' })).rejects.toMatchObject({
        code: ErrorCode.MANUAL_UPLOAD_DISABLED,
      });
      await expect(documentUpload.execute(command)).rejects.toMatchObject({ code: ErrorCode.MANUAL_UPLOAD_DISABLED });
      // A camera capture gets past the policy to the analysis.
      await expect(documentUpload.execute({ ...command, capture: 'camera' })).rejects.toThrow('reached the analysis');
    });
  });

  it('the synchronous upload records the analysed job and the session status; the job is not found from another session', async () => {
    const session = await readySession(sessions, scope);
    fake.outcome = { status: 'manual_review', reasons: ['ISSUE_DATE_NOT_FOUND'], documentKind: 'bank_statement' };
    const job = await upload(session, true);
    expect(job).toMatchObject({ status: 'manual_review', reasons: ['ISSUE_DATE_NOT_FOUND'], documentKind: 'bank_statement' });
    expect(job.completedAt).toBeInstanceOf(Date);
    expect(fake.requests[0]).toMatchObject({ jobId: job.id, sessionId: session.id, maxAgeMonths: 3, mediaType: 'pdf' });
    expect(await sessions.find(scope, session.id)).toMatchObject({ poaJobId: job.id, poaStatus: 'manual_review' });

    const other = await readySession(sessions, scope);
    await expect(poa.job(scope, other.id, job.id)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    await expect(poa.job({ ...scope, environment: 'live' }, session.id, job.id)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('refusals leave nothing behind: a file the document service refuses, a PoA before the identity document', async () => {
    const session = await readySession(sessions, scope);
    fake.refusal = new KycError(ErrorCode.IMAGE_INVALID, 'The PDF is encrypted', { reasonCode: 'PDF_ENCRYPTED' });
    await expect(upload(session, true)).rejects.toMatchObject({ code: ErrorCode.IMAGE_INVALID });
    expect(await jobsOf(session.id)).toEqual([]);
    expect(await sessions.find(scope, session.id)).toMatchObject({ poaJobId: null, poaStatus: null });

    const ready = await readySession(sessions, scope);
    const fresh = await sessions.transaction((tx) => tx.update(ready.id, { uploads: {}, documentType: null, status: 'pending' }));
    await expect(upload(fresh, true)).rejects.toMatchObject({ code: ErrorCode.POA_NEEDS_DOCUMENT });
    expect(await jobsOf(fresh.id)).toEqual([]);
    expect(fake.requests.filter((r) => r.sessionId === fresh.id)).toEqual([]);
  });

  it('the asynchronous upload answers pending at once and finishes out of band; a refused file finishes rejected with its reason', async () => {
    const session = await readySession(sessions, scope);
    let open!: () => void;
    fake.gate = new Promise((resolve) => (open = resolve));
    const pending = await upload(session, false);
    expect(pending).toMatchObject({ status: 'pending', completedAt: null });
    expect(await sessions.find(scope, session.id)).toMatchObject({ poaStatus: 'pending' });
    open();
    await until(async () => (await poa.job(scope, session.id, pending.id)).status === 'verified');
    expect(await sessions.find(scope, session.id)).toMatchObject({ poaStatus: 'verified' });

    fake.gate = undefined;
    fake.refusal = new KycError(ErrorCode.IMAGE_INVALID, 'The PDF could not be read', { reasonCode: 'PDF_MALFORMED' });
    const refused = await upload(session, false);
    await until(async () => (await poa.job(scope, session.id, refused.id)).status !== 'pending');
    expect(await poa.job(scope, session.id, refused.id)).toMatchObject({ status: 'rejected', reasons: ['PDF_MALFORMED'] });
    // The latest upload is the session's proof of address.
    expect(await sessions.find(scope, session.id)).toMatchObject({ poaJobId: refused.id, poaStatus: 'rejected' });
  });

  const documentPurgesOf = (sessionId: string) =>
    query<{ target: string }>(`SELECT target FROM session.purge_requests WHERE session_id = $1 AND target = 'document'`, [sessionId]);

  it('required: submit without a PoA is KYC_POA_REQUIRED; with one pending the completion is held, and its end releases it', async () => {
    const session = await readySession(sessions, scope, undefined, REQUIRED);
    await expect(submit().execute(scope, session.id)).rejects.toMatchObject({ code: ErrorCode.POA_REQUIRED });
    expect((await sessions.find(scope, session.id)).status).toBe('connected');

    let open!: () => void;
    fake.gate = new Promise((resolve) => (open = resolve));
    const job = await upload(session, false);
    const decided = await submit().execute(scope, session.id);
    expect(decided.session.status).toBe('completed');
    expect(await outboxOf(session.id)).toEqual([
      expect.objectContaining({ type: 'verification.completed', payload: expect.objectContaining({ poaPending: true }) }),
    ]);

    // The running analysis compares the bill's holder with the document's name: the completion's
    // document purge waits for it, and its end asks for the purge.
    expect(await documentPurgesOf(session.id)).toEqual([]);

    open();
    await until(async () => (await outboxOf(session.id)).length === 2);
    expect((await outboxOf(session.id))[1]).toMatchObject({ type: 'verification.poa_completed', payload: { poaStatus: 'verified' } });
    expect(await poa.job(scope, session.id, job.id)).toMatchObject({ status: 'verified' });
    expect(await documentPurgesOf(session.id)).toHaveLength(1);
  });

  it('required, with the PoA finished before the decision: the completion is not held and nothing else is emitted', async () => {
    const session = await readySession(sessions, scope, undefined, REQUIRED);
    await upload(session, true);
    await submit().execute(scope, session.id);
    expect(await outboxOf(session.id)).toEqual([
      expect.objectContaining({ type: 'verification.completed', payload: expect.objectContaining({ poaPending: false }) }),
    ]);
    expect(await documentPurgesOf(session.id)).toHaveLength(1);
  });

  it('the sweeper finishes a job its process left pending, from the stored document, and gives up after its tries', async () => {
    const session = await readySession(sessions, scope);
    const jobId = randomUUID();
    await sessions.transaction(async (tx) => {
      await tx.insertPoaJob({
        id: jobId,
        sessionId: session.id,
        mediaType: 'png',
        dataGeneration: 0,
        retryAfter: new Date(Date.now() - 1000),
      });
      await tx.update(session.id, { poaJobId: jobId, poaStatus: 'pending' });
    });
    fake.refusal = new KycError(ErrorCode.SERVICE_UNAVAILABLE, 'document down');
    expect(await poa.sweepOnce()).toBeGreaterThanOrEqual(1);
    expect(await poa.job(scope, session.id, jobId)).toMatchObject({ status: 'pending' });
    // Claimed: not taken again before its next try.
    expect((await sessions.claimStalledPoaJobs(new Date(), 10, 1000)).map((j) => j.id)).not.toContain(jobId);

    fake.refusal = undefined;
    await sweepUntilFinished(jobId);
    expect(fake.requests.at(-1)).toMatchObject({ jobId, document: Buffer.alloc(0) });
    expect(await sessions.find(scope, session.id)).toMatchObject({ poaStatus: 'verified' });
  });

  async function sweepUntilFinished(jobId: string): Promise<void> {
    await query(`UPDATE session.poa_jobs SET next_try_at = now() - interval '1 second' WHERE id = $1`, [jobId]);
    await poa.sweepOnce();
  }
});
