import 'reflect-metadata';
import type { DynamicModule } from '@nestjs/common';
import type { ServiceName } from '@kyc/contracts';
import { createLogger, type Logger } from '@kyc/logger';
import { startMetricsListener } from '@kyc/metrics';
import type { DataSource } from 'typeorm';
import { startGrpcService } from './grpc-server';
import { ServiceTokenVerifier, parseServicePublicKeys } from './service-identity';

/** Background work a service runs beside its RPCs (relays, sweepers, consumers); stopped before the database closes. */
export interface BackgroundWork {
  stop(): Promise<void> | void;
}

/** What every gRPC service's validated config has (commonEnv of @kyc/config plus its listen address). */
export interface ServiceConfig {
  LOG_LEVEL: string;
  DATABASE_URL: string;
  GRPC_URL: string;
  SHUTDOWN_DRAIN_MS: number;
  METRICS_PORT?: number;
  METRICS_HOST: string;
  /** The callers' public keys (serviceVerifierEnv of @kyc/config): every service checks who calls it. */
  SERVICE_PUBLIC_KEYS: string;
}

export interface ServiceDefinition<C extends ServiceConfig> {
  service: ServiceName;
  loadConfig(): C;
  createDataSource(databaseUrl: string): DataSource;
  module(config: C, dataSource: DataSource, logger: Logger): DynamicModule;
  /** Background work that starts once the server listens (e.g. a sweeper), returned so a shutdown can stop it. */
  afterStart?(config: C, dataSource: DataSource, logger: Logger): BackgroundWork[] | void;
}

/**
 * The one way a gRPC service boots: validated config, its data source, the server, health, the
 * metrics listener when METRICS_PORT is set — and the one way it stops on SIGTERM/SIGINT: health
 * NOT_SERVING, in-flight RPCs drained (bounded), background work stopped, then the data source
 * closed, exit 0.
 */
export function runGrpcService<C extends ServiceConfig>(definition: ServiceDefinition<C>): void {
  const boot = async () => {
    const config = definition.loadConfig();
    const logger = createLogger(definition.service, config.LOG_LEVEL);
    const dataSource = await definition.createDataSource(config.DATABASE_URL).initialize();
    const running = await startGrpcService(definition.module(config, dataSource, logger), {
      service: definition.service,
      url: config.GRPC_URL,
      logger,
      identity: new ServiceTokenVerifier(definition.service, parseServicePublicKeys(config.SERVICE_PUBLIC_KEYS)),
    });
    const metricsListener =
      config.METRICS_PORT === undefined ? null : await startMetricsListener({ port: config.METRICS_PORT, host: config.METRICS_HOST });
    if (metricsListener) logger.info({ url: `http://${config.METRICS_HOST}:${config.METRICS_PORT}/metrics` }, 'metrics listening');
    const background = definition.afterStart?.(config, dataSource, logger) ?? [];
    let stopping = false;
    const shutdown = async (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, `${definition.service} shutting down`);
      const { forced } = await running.drain(config.SHUTDOWN_DRAIN_MS);
      if (forced) logger.warn({ timeoutMs: config.SHUTDOWN_DRAIN_MS }, 'in-flight RPCs cut after the drain timeout');
      for (const work of background) await work.stop();
      await running.app.close();
      await dataSource.destroy();
      // Last, so a scrape during the drain still sees the final counts.
      metricsListener?.close();
      logger.info(`${definition.service} stopped`);
      process.exit(0);
    };
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(
        signal,
        () =>
          void shutdown(signal).catch((error) => {
            console.error(`${definition.service} shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
            process.exit(1);
          }),
      );
    }
  };
  boot().catch((error) => {
    console.error(`${definition.service} failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
