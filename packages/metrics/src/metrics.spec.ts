import type { AddressInfo } from 'node:net';
import { HttpServerMetrics } from './http-server-metrics';
import { GrpcServerMetrics } from './grpc-server-metrics';
import { startMetricsListener } from './metrics-listener';
import { Registry } from 'prom-client';
import { metricsRegistry } from './registry';

/** The value of one sample line of the exposition text, e.g. `foo_total{a="b"}`; undefined when absent. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe(HttpServerMetrics.name, () => {
  it('counts requests by method, route template and status class, and buckets their durations', async () => {
    const registry = new Registry();
    const sut = new HttpServerMetrics(registry);
    sut.observe({ method: 'GET', route: '/v1/verifications/:id', statusCode: 200, seconds: 0.004 });
    sut.observe({ method: 'GET', route: '/v1/verifications/:id', statusCode: 204, seconds: 0.3 });
    sut.observe({ method: 'GET', route: '/v1/verifications/:id', statusCode: 404, seconds: 0.02 });
    sut.observe({ method: 'GET', route: undefined, statusCode: 404, seconds: 0.001 });
    const text = await registry.metrics();
    expect(sample(text, 'http_server_requests_total{method="GET",route="/v1/verifications/:id",status_class="2xx"}')).toBe(2);
    expect(sample(text, 'http_server_requests_total{method="GET",route="/v1/verifications/:id",status_class="4xx"}')).toBe(1);
    expect(sample(text, 'http_server_requests_total{method="GET",route="unmatched",status_class="4xx"}')).toBe(1);
    const twoXx = 'method="GET",route="/v1/verifications/:id",status_class="2xx"';
    expect(sample(text, `http_server_request_duration_seconds_bucket{le="0.005",${twoXx}}`)).toBe(1);
    expect(sample(text, `http_server_request_duration_seconds_bucket{le="0.25",${twoXx}}`)).toBe(1);
    expect(sample(text, `http_server_request_duration_seconds_bucket{le="0.5",${twoXx}}`)).toBe(2);
    expect(sample(text, `http_server_request_duration_seconds_bucket{le="+Inf",${twoXx}}`)).toBe(2);
    expect(sample(text, `http_server_request_duration_seconds_count{${twoXx}}`)).toBe(2);
    expect(sample(text, `http_server_request_duration_seconds_sum{${twoXx}}`)).toBeCloseTo(0.304, 6);
  });

  it('shares its instruments with a second instance on the same registry instead of failing on a duplicate name', async () => {
    const registry = new Registry();
    new HttpServerMetrics(registry).observe({ method: 'POST', route: '/v1/sessions', statusCode: 201, seconds: 0.01 });
    new HttpServerMetrics(registry).observe({ method: 'POST', route: '/v1/sessions', statusCode: 201, seconds: 0.01 });
    expect(sample(await registry.metrics(), 'http_server_requests_total{method="POST",route="/v1/sessions",status_class="2xx"}')).toBe(2);
  });
});

describe(GrpcServerMetrics.name, () => {
  it('counts RPCs by status code and times them per method', async () => {
    const registry = new Registry();
    const sut = new GrpcServerMetrics(registry);
    sut.observe({ service: 'kyc.billing.v1.BillingService', method: 'Charge', code: 'OK', seconds: 0.01 });
    sut.observe({ service: 'kyc.billing.v1.BillingService', method: 'Charge', code: 'FAILED_PRECONDITION', seconds: 2 });
    const text = await registry.metrics();
    const method = 'grpc_service="kyc.billing.v1.BillingService",grpc_method="Charge"';
    expect(sample(text, `grpc_server_handled_total{${method},grpc_code="OK"}`)).toBe(1);
    expect(sample(text, `grpc_server_handled_total{${method},grpc_code="FAILED_PRECONDITION"}`)).toBe(1);
    expect(sample(text, `grpc_server_handling_seconds_bucket{le="1",${method}}`)).toBe(1);
    expect(sample(text, `grpc_server_handling_seconds_bucket{le="2.5",${method}}`)).toBe(2);
  });
});

describe(startMetricsListener.name, () => {
  it("serves the process registry's text with default process metrics on GET /metrics and nothing else", async () => {
    new GrpcServerMetrics().observe({ service: 's', method: 'm', code: 'OK', seconds: 0.1 });
    const server = await startMetricsListener({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const scrape = await fetch(`${base}/metrics`);
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get('content-type')).toBe(metricsRegistry().contentType);
      const text = await scrape.text();
      expect(sample(text, 'grpc_server_handled_total{grpc_service="s",grpc_method="m",grpc_code="OK"}')).toBe(1);
      expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
      expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
