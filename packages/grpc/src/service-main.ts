import 'reflect-metadata';
import type { DynamicModule } from '@nestjs/common';
import type { ServiceName } from '@kyc/contracts';
import { createLogger, type Logger } from '@kyc/logger';
import type { DataSource } from 'typeorm';
import { startGrpcService } from './grpc-server';

export interface ServiceDefinition<C extends { LOG_LEVEL: string; DATABASE_URL: string; GRPC_URL: string }> {
  service: ServiceName;
  loadConfig(): C;
  createDataSource(databaseUrl: string): DataSource;
  module(config: C, dataSource: DataSource, logger: Logger): DynamicModule;
  /** Background work that starts once the server listens (e.g. a sweeper). */
  afterStart?(config: C, dataSource: DataSource, logger: Logger): void;
}

/** The one way a gRPC service boots: validated config, its data source, the server, health. */
export function runGrpcService<C extends { LOG_LEVEL: string; DATABASE_URL: string; GRPC_URL: string }>(definition: ServiceDefinition<C>): void {
  const boot = async () => {
    const config = definition.loadConfig();
    const logger = createLogger(definition.service, config.LOG_LEVEL);
    const dataSource = await definition.createDataSource(config.DATABASE_URL).initialize();
    await startGrpcService(definition.module(config, dataSource, logger), { service: definition.service, url: config.GRPC_URL, logger });
    definition.afterStart?.(config, dataSource, logger);
  };
  boot().catch((error) => {
    console.error(`${definition.service} failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
