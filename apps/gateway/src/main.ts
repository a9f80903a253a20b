import { createLogger } from '@kyc/logger';
import { startMetricsListener } from '@kyc/metrics';
import { loadGatewayConfig } from './config';
import { PostgresApiCallWindowStore } from './infrastructure/api-call-window.store';
import { createGatewayDataSource } from './infrastructure/data-source';
import { DeviceCallWindowRepository } from './infrastructure/device-call-window.repository';
import { IdempotencyRepository } from './infrastructure/idempotency.repository';
import { RetentionSweeper } from './infrastructure/retention-sweeper';
import { createHttpServer, listenAdmin } from './http-server';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const dataSource = await createGatewayDataSource(config.DATABASE_URL).initialize();
  const app = await createHttpServer(config, dataSource, logger);
  await app.listen({ port: config.PORT, host: config.HOST });
  const adminServer = config.ADMIN_PORT === undefined ? null : await listenAdmin(app, config);
  if (adminServer) process.once('beforeExit', () => adminServer.close());
  // Prometheus scrapes a port of its own (METRICS_PORT), never the public API's.
  const metricsServer =
    config.METRICS_PORT === undefined ? null : await startMetricsListener({ port: config.METRICS_PORT, host: config.METRICS_HOST });
  if (metricsServer) process.once('beforeExit', () => metricsServer.close());
  new RetentionSweeper(
    new IdempotencyRepository(dataSource),
    new DeviceCallWindowRepository(dataSource),
    new PostgresApiCallWindowStore(dataSource),
    logger,
    config.RETENTION_SWEEP_INTERVAL_MS,
  ).start();
  logger.info({ url: `http://${config.HOST}:${config.PORT}` }, 'gateway listening');
  if (adminServer) logger.info({ url: `http://${config.ADMIN_HOST ?? config.HOST}:${config.ADMIN_PORT}` }, 'admin API listening');
  if (metricsServer) logger.info({ url: `http://${config.METRICS_HOST}:${config.METRICS_PORT}/metrics` }, 'metrics listening');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
