import { createEventBus, processedEventRetention } from '@kyc/events';
import { AdmissionGate, PeriodicTask, ServiceTokenSigner, runGrpcService } from '@kyc/grpc';
import { BiometricsModule } from './biometrics.module';
import { type BiometricsConfig, loadBiometricsConfig } from './config';
import { createBiometricsDataSource } from './infrastructure/data-source';
import { EmbeddingCipher } from './infrastructure/embedding-cipher';
import { EmbeddingSealing } from './infrastructure/embedding-sealing';
import { LegacyDuplicateKeys } from './infrastructure/legacy-duplicate-keys';
import { SelfieRepository } from './infrastructure/selfie.repository';
import { consumeCompletedVerifications } from './transport/completed-verifications.consumer';
import { documentPortraitSource } from './transport/document-portrait.client';

const embeddingCipher = (config: BiometricsConfig) =>
  new EmbeddingCipher(config.BIOMETRICS_ENCRYPTION_KEY, config.BIOMETRICS_ENCRYPTION_PREVIOUS_KEYS);

runGrpcService({
  service: 'biometrics',
  loadConfig: loadBiometricsConfig,
  createDataSource: createBiometricsDataSource,
  module: (config, dataSource) =>
    BiometricsModule.register(
      dataSource,
      embeddingCipher(config),
      documentPortraitSource(
        config.DOCUMENT_GRPC_URL,
        config.PORTRAIT_DEADLINE_MS,
        new ServiceTokenSigner('biometrics', config.SERVICE_PRIVATE_KEY),
      ),
      AdmissionGate.fromConfig('biometrics service', config),
    ),
  afterStart: (config, dataSource, logger) => {
    const selfies = new SelfieRepository(dataSource, embeddingCipher(config));
    const sweep = new PeriodicTask(
      'upload candidate sweep',
      () => selfies.deleteStaleCandidates(new Date(Date.now() - config.UPLOAD_CANDIDATE_TTL_MS)),
      config.UPLOAD_CANDIDATE_SWEEP_MS,
      logger,
    );
    sweep.start();
    // Plain SHA-256 keys: the rows from before, or from a previous release's replica during a rolling upgrade.
    const legacyKeys = new LegacyDuplicateKeys(dataSource, config.DUPLICATE_KEY_SECRET);
    const rekey = new PeriodicTask('legacy duplicate key re-keying', () => legacyKeys.rekeyAll(), 60_000, logger);
    rekey.start();
    // Plaintext embeddings from before encryption at rest, and those under a previous key.
    const sealing = new EmbeddingSealing(dataSource, embeddingCipher(config));
    const seal = new PeriodicTask('embedding sealing', () => sealing.sealAll(), 60_000, logger);
    seal.start();
    const inbox = new PeriodicTask(
      'processed event retention',
      processedEventRetention(dataSource, 'biometrics', config.PROCESSED_EVENT_RETENTION_DAYS),
      config.PROCESSED_EVENT_SWEEP_INTERVAL_MS,
      logger,
    );
    inbox.start();
    return [
      consumeCompletedVerifications(
        createEventBus({ kafkaBrokers: config.KAFKA_BROKERS, clientId: 'kyc-biometrics', dataSource, logger }),
        selfies,
      ),
      sweep,
      rekey,
      seal,
      inbox,
    ];
  },
});
