import { randomUUID } from 'node:crypto';
import type { document } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import type { Logger } from '@kyc/logger';
import { assertConsentGiven } from '../domain/consent';
import { assertIdentityDocumentRead, isFinishedPoaStatus, type PoaJobRecord, type PoaOutcome } from '../domain/proof-of-address';
import type { SessionRecord, SessionScope } from '../domain/session';
import { transition } from '../domain/session-state-machine';
import type { ServiceClients } from './ports/service-clients';
import type { SessionStore } from './ports/session-store';
import { lockForWrite } from './session-expiry';
import { applyTransition, snapshotOf } from './session-transitions';
import { refuseIfPurgedSince } from './upload-fence';

export interface UploadProofOfAddressCommand {
  scope: SessionScope;
  sessionId: string;
  document: Buffer;
  /** pdf, jpeg or png, as the gateway's intake sniffed it. */
  mediaType: string;
  /** The synchronous endpoint: answer with the finished analysis. */
  wait: boolean;
  consentRequired?: boolean;
}

/**
 * How long an async job may stay pending before the sweeper takes it as left by a dead process. An
 * analysis renders at most one page and reads it: seconds, so two minutes is a wide margin.
 */
export const POA_STALL_MS = 120_000;
/** After this many sweeper tries the job finishes as rejected (PROCESSING_FAILED): the user uploads again. */
export const POA_MAX_TRIES = 3;

/**
 * Proof of address (spec 4.9, 4.7, part 6 rule 3). The session owns the job and its status; the
 * document service stores the file and analyses it, idempotently per job id.
 * - Synchronous upload: analysed first, recorded only once analysed, so a refused file (KYC_006)
 *   leaves no job behind.
 * - Asynchronous upload: recorded pending at once, analysed after the answer; a sweeper finishes
 *   jobs whose process died (the document service analyses its stored copy).
 * Finishing a job under the session's lock releases a completion webhook held for it.
 */
export class ProofOfAddressUseCase {
  constructor(
    private readonly sessions: SessionStore,
    private readonly clients: Pick<ServiceClients, 'document'>,
    private readonly logger: Logger,
  ) {}

  async upload(command: UploadProofOfAddressCommand): Promise<PoaJobRecord> {
    const before = await this.sessions.transaction((tx) => lockForWrite(tx, command.scope, command.sessionId));
    transition(snapshotOf(before), 'poa_uploaded', { now: new Date() });
    assertConsentGiven(before, command.consentRequired ?? false);
    assertIdentityDocumentRead(before);
    const jobId = randomUUID();
    const request = this.analysisRequest(jobId, before, command.mediaType, command.document);

    if (command.wait) {
      const outcome = await this.analyse(request);
      await this.record(command, before, jobId, outcome);
      return this.sessions.findPoaJob(command.scope, command.sessionId, jobId);
    }
    await this.record(command, before, jobId);
    void this.analyseAndFinish(request).catch((error: unknown) =>
      this.logger.warn({ err: error, jobId }, 'proof-of-address analysis failed; the sweeper retries it'),
    );
    return this.sessions.findPoaJob(command.scope, command.sessionId, jobId);
  }

  job(scope: SessionScope, sessionId: string, jobId: string): Promise<PoaJobRecord> {
    return this.sessions.findPoaJob(scope, sessionId, jobId);
  }

  /** Finishes pending jobs left by a process that died; the document service analyses its stored copy. */
  async sweepOnce(now = new Date()): Promise<number> {
    const stalled = await this.sessions.claimStalledPoaJobs(now, 10, POA_STALL_MS);
    for (const job of stalled) {
      const request: document.AnalyzeProofOfAddressRequest = {
        jobId: job.id,
        sessionId: job.sessionId,
        projectId: job.projectId,
        document: Buffer.alloc(0),
        mediaType: job.mediaType,
        maxAgeMonths: 0,
        dataGeneration: job.dataGeneration,
        testMode: job.environment === 'test',
      };
      try {
        await this.analyseAndFinish(request);
      } catch (error) {
        if (job.tries >= POA_MAX_TRIES)
          await this.finish(job.id, { status: 'rejected', reasons: ['PROCESSING_FAILED'], documentKind: null });
        else this.logger.warn({ err: error, jobId: job.id, tries: job.tries }, 'stalled proof-of-address job failed again');
      }
    }
    return stalled.length;
  }

  private analysisRequest(jobId: string, session: SessionRecord, mediaType: string, file: Buffer): document.AnalyzeProofOfAddressRequest {
    return {
      jobId,
      sessionId: session.id,
      projectId: session.projectId,
      document: file,
      mediaType,
      maxAgeMonths: session.poaMaxAgeMonths,
      dataGeneration: session.dataGeneration,
      testMode: session.testMode,
    };
  }

  /** Out of band, a refused file (KYC_006: an encrypted or malformed PDF) is the job's outcome, not an error nobody hears. */
  private async analyseAndFinish(request: document.AnalyzeProofOfAddressRequest): Promise<void> {
    let outcome: PoaOutcome;
    try {
      outcome = await this.analyse(request);
    } catch (error) {
      const refused = outcomeOfRefusal(error);
      if (!refused) throw error;
      outcome = refused;
    }
    await this.finish(request.jobId, outcome);
  }

  private async analyse(request: document.AnalyzeProofOfAddressRequest): Promise<PoaOutcome> {
    const analysis = await this.clients.document.analyzeProofOfAddress(request);
    if (!isFinishedPoaStatus(analysis.status)) throw new Error(`document service answered poa status '${analysis.status}'`);
    return { status: analysis.status, reasons: analysis.reasons, documentKind: analysis.documentKind || null };
  }

  private record(command: UploadProofOfAddressCommand, before: SessionRecord, jobId: string, outcome?: PoaOutcome): Promise<SessionRecord> {
    return this.sessions.transaction(async (tx) => {
      const current = await lockForWrite(tx, command.scope, command.sessionId);
      refuseIfPurgedSince(before, current);
      const retryAfter = new Date(Date.now() + POA_STALL_MS);
      await tx.insertPoaJob(
        { id: jobId, sessionId: current.id, mediaType: command.mediaType, dataGeneration: current.dataGeneration, retryAfter },
        outcome,
      );
      return applyTransition(tx, current, 'poa_uploaded', {}, { poaJobId: jobId, poaStatus: outcome?.status ?? 'pending' });
    });
  }

  private async finish(jobId: string, outcome: PoaOutcome): Promise<void> {
    await this.sessions.transaction(async (tx) => {
      const owner = await tx.lockPoaJobSession(jobId);
      if (!owner || !(await tx.completePoaJob(jobId, outcome))) return;
      // A newer upload (or a reopen, which clears the pointer) took over: this job's result is history only.
      if (owner.poaJobId !== jobId) return;
      const updated = await tx.update(owner.id, { poaStatus: outcome.status });
      // The completion's document purge waited for this analysis (documentsNeededByPoa).
      if (updated.status === 'completed') await tx.requestPurge(updated.id, updated.dataGeneration, ['document']);
      // A completion decided while this job was pending was held (completionHeldForPoa): release it.
      if (updated.status === 'completed' && updated.poaRequired) {
        await tx.appendOutbox({
          type: 'verification.poa_completed',
          payload: { poaStatus: outcome.status, testMode: updated.testMode },
          session: updated,
        });
      }
    });
  }
}

/** A refusal of the file itself, as a job outcome: rejected with the refusal's reason code. */
export function outcomeOfRefusal(error: unknown): PoaOutcome | null {
  if (!(error instanceof KycError) || error.code !== ErrorCode.IMAGE_INVALID) return null;
  const details = error.details;
  const reasonCode = typeof details === 'object' && typeof details.reasonCode === 'string' ? details.reasonCode : 'INVALID_DOCUMENT';
  return { status: 'rejected', reasons: [reasonCode], documentKind: null };
}
