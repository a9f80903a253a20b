import { type DynamicModule, Module } from '@nestjs/common';
import { type EventBus, pruneEventLog } from '@kyc/events';
import { type BackgroundWork, PeriodicTask } from '@kyc/grpc';
import type { Logger } from '@kyc/logger';
import type { DataSource } from '@kyc/persistence';
import { CreateSessionUseCase } from './application/create-session.usecase';
import { ExpirySweeper } from './application/expiry-sweeper';
import { LapsedAttemptSweeper } from './application/lapsed-attempt-sweeper';
import type { ServiceClients } from './application/ports/service-clients';
import { OperatorUseCases } from './application/operators.usecases';
import { PurgeWorker } from './application/purge-worker';
import { RetentionSweeper } from './application/retention-sweeper';
import { ReviewSessionUseCase } from './application/review-session.usecase';
import { SessionQueries } from './application/session-queries.usecase';
import { SubmitVerificationUseCase } from './application/submit-verification.usecase';
import { TenancyUseCases } from './application/tenancy.usecases';
import { BrandingUseCases } from './application/branding.usecases';
import { UploadDocumentUseCase } from './application/upload-document.usecase';
import { UploadFaceUseCase } from './application/upload-face.usecase';
import { VerificationEvidenceGatherer } from './application/verification-evidence';
import type { SessionConfig } from './config';
import { EmbedTokenIssuer } from './infrastructure/embed-token';
import { LegacyDuplicateKeys } from './infrastructure/legacy-duplicate-keys';
import { RetentionRepository } from './infrastructure/retention.repository';
import { AuditLogRepository, OperatorRepository } from './infrastructure/operator.repository';
import { OutboxRelay } from './infrastructure/outbox-relay';
import { SessionRepository } from './infrastructure/session.repository';
import { TenancyRepository } from './infrastructure/tenancy.repository';
import { BrandingRepository } from './infrastructure/branding.repository';
import { ProofOfAddressUseCase } from './application/proof-of-address.usecase';
import { RecordConsentUseCase } from './application/record-consent.usecase';
import { ReviewCaseQueries } from './application/review-cases.usecases';
import { ReviewCaseRepository } from './infrastructure/review-case.repository';
import { SessionGrpcController, SessionUseCases } from './transport/session.grpc-controller';

/** The composition root: the one place adapters meet use cases (explicit constructor injection; Nest only hosts the controller). */
export function buildSessionUseCases(
  config: SessionConfig,
  dataSource: DataSource,
  clients: ServiceClients,
  logger: Logger,
): SessionUseCases {
  const sessions = new SessionRepository(dataSource);
  const tenancy = new TenancyRepository(dataSource);
  return new SessionUseCases(
    new CreateSessionUseCase(sessions, tenancy, clients, new EmbedTokenIssuer(config.EMBED_TOKEN_SECRET), logger),
    new UploadDocumentUseCase(sessions, clients),
    new UploadFaceUseCase(sessions, clients),
    new SubmitVerificationUseCase(
      sessions,
      new VerificationEvidenceGatherer(clients, config.DUPLICATE_KEY_SECRET),
      { leaseMs: config.PROCESSING_LEASE_MS, analysisDeadlineMs: config.ANALYSIS_DEADLINE_MS },
      logger,
    ),
    new SessionQueries(sessions, tenancy),
    new TenancyUseCases(tenancy),
    new ReviewSessionUseCase(sessions, logger),
    new RecordConsentUseCase(sessions),
    new ProofOfAddressUseCase(sessions, clients, logger),
    new OperatorUseCases(new OperatorRepository(dataSource), new AuditLogRepository(dataSource)),
    config,
    new BrandingUseCases(new BrandingRepository(dataSource)),
    new ReviewCaseQueries(new ReviewCaseRepository(dataSource), tenancy, clients),
  );
}

/** Plain SHA-256 keys: the rows from before, or a previous release's replica's during a rolling upgrade (a partial index keeps an empty look cheap). */
const LEGACY_DUPLICATE_KEY_SWEEP_MS = 60_000;

/** The session service's background work: expiry, lapsed processing leases, purges and the outbox relay. */
export function startSessionBackgroundWork(
  config: SessionConfig,
  dataSource: DataSource,
  clients: ServiceClients,
  bus: EventBus,
  logger: Logger,
): BackgroundWork[] {
  const sessions = new SessionRepository(dataSource);
  const expiry = new ExpirySweeper(sessions, logger);
  const lapsed = new LapsedAttemptSweeper(sessions, logger);
  const purges = new PurgeWorker(sessions, clients, logger);
  const proofOfAddress = new ProofOfAddressUseCase(sessions, clients, logger);
  const legacyDuplicateKeys = new LegacyDuplicateKeys(dataSource, config.DUPLICATE_KEY_SECRET);
  const retention = new RetentionSweeper(
    new RetentionRepository(dataSource),
    (before) => pruneEventLog(dataSource, before),
    {
      outboxDays: config.OUTBOX_RETENTION_DAYS,
      eventLogDays: config.EVENT_LOG_RETENTION_DAYS,
      sessionRecordDays: config.SESSION_RECORD_RETENTION_DAYS,
      consentDays: config.CONSENT_RETENTION_DAYS,
    },
    logger,
  );
  const work = [
    new PeriodicTask('retention sweep', () => retention.sweepOnce(), config.RETENTION_SWEEP_INTERVAL_MS, logger),
    new PeriodicTask('legacy duplicate key re-keying', () => legacyDuplicateKeys.rekeyAll(), LEGACY_DUPLICATE_KEY_SWEEP_MS, logger),
    new PeriodicTask('expiry sweep', () => expiry.sweepOnce(), config.SESSION_SWEEP_INTERVAL_MS, logger),
    new PeriodicTask('lapsed attempt sweep', () => lapsed.sweepOnce(), config.SESSION_SWEEP_INTERVAL_MS, logger),
    new PeriodicTask('purge queue', () => purges.drainOnce(), config.PURGE_POLL_MS, logger),
    new PeriodicTask('stalled proof-of-address jobs', () => proofOfAddress.sweepOnce(), config.SESSION_SWEEP_INTERVAL_MS, logger),
    new OutboxRelay(dataSource, bus, logger),
  ];
  for (const task of work) task.start();
  return work;
}

@Module({})
export class SessionModule {
  static register(useCases: SessionUseCases): DynamicModule {
    return { module: SessionModule, controllers: [SessionGrpcController], providers: [{ provide: SessionUseCases, useValue: useCases }] };
  }
}
