import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createLogger } from '@kyc/logger';
import { startMetricsListener } from '@kyc/metrics';
import { withServiceDatabase } from '@kyc/testing';
import { loadGatewayConfig } from '../config';
import { createHttpServer } from '../http-server';
import { createGatewayDataSource } from '../infrastructure/data-source';

/** The value of one sample line of the exposition text; undefined when the series is absent. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

/**
 * The gateway's RED per route, through the real HTTP server and the metrics listener main.ts
 * starts with METRICS_PORT. The requests are answered before any service is called (malformed
 * JSON, an unknown path), so no gRPC service needs to run.
 */
describe('HTTP metrics of the gateway', () => {
  const database = withServiceDatabase(createGatewayDataSource);
  let app: NestFastifyApplication;
  let metrics: Server;
  let apiBase: string;
  let metricsUrl: string;

  beforeAll(async () => {
    const config = loadGatewayConfig({
      DATABASE_URL: database.url,
      ADMIN_TOKEN: `adm_${'t'.repeat(40)}`,
      EMBED_TOKEN_SECRET: 's'.repeat(40),
      LOG_LEVEL: 'silent',
      METRICS_PORT: '0',
    });
    app = await createHttpServer(config, database.dataSource, createLogger('gateway-test', 'silent'));
    await app.listen(0, '127.0.0.1');
    apiBase = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    metrics = await startMetricsListener({ port: config.METRICS_PORT ?? 0, host: config.METRICS_HOST });
    metricsUrl = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}/metrics`;
  });

  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => metrics?.close(resolve));
  });

  const postMalformed = (path: string) =>
    fetch(`${apiBase}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk_test_x' },
      body: '{',
    });

  it('labels requests with the route template, not the session id in the path, and counts them by status class', async () => {
    for (const sessionId of ['0b6a1c52-8e57-4c8f-9a57-2f0f3f1d7a01', '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a09']) {
      expect((await postMalformed(`/v1/verifications/${sessionId}/submit`)).status).toBe(400);
    }
    expect((await fetch(`${apiBase}/no/such/route/${'1'.repeat(8)}`)).status).toBe(404);

    const text = await (await fetch(metricsUrl)).text();
    const submit = 'method="POST",route="/v1/verifications/:sessionId/submit",status_class="4xx"';
    expect(sample(text, `http_server_requests_total{${submit}}`)).toBe(2);
    expect(sample(text, `http_server_request_duration_seconds_count{${submit}}`)).toBe(2);
    expect(sample(text, 'http_server_requests_total{method="GET",route="unmatched",status_class="4xx"}')).toBe(1);
    expect(text).not.toContain('0b6a1c52');
    expect(text).not.toContain('/no/such/route');
  });

  it('is not served on the API port', async () => {
    expect((await fetch(`${apiBase}/metrics`)).status).toBe(404);
  });
});
