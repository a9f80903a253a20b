import { createEventBus } from '@kyc/events';
import { runGrpcService } from '@kyc/grpc';
import { ExpirySweeper } from './application/expiry-sweeper';
import { loadSessionConfig } from './config';
import { createSessionDataSource } from './infrastructure/data-source';
import { OutboxRelay } from './infrastructure/outbox-relay';
import { createServiceClients } from './infrastructure/service-clients';
import { SessionRepository } from './infrastructure/session.repository';
import { SessionModule, buildSessionUseCases } from './session.module';

runGrpcService({
  service: 'session',
  loadConfig: loadSessionConfig,
  createDataSource: createSessionDataSource,
  module: (config, dataSource, logger) => SessionModule.register(buildSessionUseCases(config, dataSource, createServiceClients(config), logger)),
  afterStart: (config, dataSource, logger) => {
    new ExpirySweeper(new SessionRepository(dataSource), logger, config.SESSION_SWEEP_INTERVAL_MS).start();
    new OutboxRelay(dataSource, createEventBus({ kafkaBrokers: config.KAFKA_BROKERS, clientId: 'kyc-session', dataSource, logger }), logger).start();
  },
});
