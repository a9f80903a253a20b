import { type Server, createServer } from 'node:http';
import type { Registry } from 'prom-client';
import { metricsRegistry } from './registry';

export interface MetricsListenerOptions {
  port: number;
  host: string;
  registry?: Registry;
}

/**
 * Serves `GET /metrics` (Prometheus text format) on a port of its own, apart from the API: the
 * scrape needs no credential, so it must not be reachable where the API is (the Helm chart opens
 * this port to the monitoring namespace only). Anything else is 404. Answers the server, listening.
 */
export async function startMetricsListener({ port, host, registry = metricsRegistry() }: MetricsListenerOptions): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(request.method === 'HEAD' ? undefined : text),
      (error: unknown) =>
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`metrics collection failed: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
