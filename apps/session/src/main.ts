import { createEventBus } from '@kyc/events';
import { runGrpcService } from '@kyc/grpc';
import { loadSessionConfig } from './config';
import { createSessionDataSource } from './infrastructure/data-source';
import { createServiceClients } from './infrastructure/service-clients';
import { SessionModule, buildSessionUseCases, startSessionBackgroundWork } from './session.module';

runGrpcService({
  service: 'session',
  loadConfig: loadSessionConfig,
  createDataSource: createSessionDataSource,
  module: (config, dataSource, logger) =>
    SessionModule.register(buildSessionUseCases(config, dataSource, createServiceClients(config), logger)),
  afterStart: (config, dataSource, logger) => {
    const clients = createServiceClients(config);
    const bus = createEventBus({ kafkaBrokers: config.KAFKA_BROKERS, clientId: 'kyc-session', dataSource, logger });
    return [...startSessionBackgroundWork(config, dataSource, clients, bus, logger), { stop: () => clients.close() }];
  },
});
