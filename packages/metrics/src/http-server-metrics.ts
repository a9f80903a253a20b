import type { Registry } from 'prom-client';
import { metricsRegistry, sharedCounter, sharedHistogram } from './registry';

/** The route label of a request no route matched: one series, whatever paths scanners try. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface HttpRequestObservation {
  method: string;
  /** The route template (`/v1/verifications/:id`), never the raw path: ids would make a series per request. */
  route: string | undefined;
  statusCode: number;
  seconds: number;
}

/** `404` → `4xx`: the class is what alerts read, and it keeps the series few. */
export const statusClass = (statusCode: number): string => `${Math.floor(statusCode / 100)}xx`;

/**
 * RED of an HTTP server's routes: `http_server_requests_total` (rate and errors, by method, route
 * template and status class) and `http_server_request_duration_seconds` (duration, same labels).
 */
export class HttpServerMetrics {
  private readonly requests;
  private readonly duration;

  constructor(registry: Registry = metricsRegistry()) {
    const labels = ['method', 'route', 'status_class'] as const;
    this.requests = sharedCounter(
      registry,
      'http_server_requests_total',
      'HTTP requests answered, by method, route template and status class.',
      labels,
    );
    this.duration = sharedHistogram(
      registry,
      'http_server_request_duration_seconds',
      'Time from receiving an HTTP request to answering it, by method, route template and status class.',
      labels,
    );
  }

  observe({ method, route, statusCode, seconds }: HttpRequestObservation): void {
    const labels = { method, route: route ?? UNMATCHED_ROUTE, status_class: statusClass(statusCode) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }
}
