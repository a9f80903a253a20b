import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

let processRegistry: Registry | undefined;

/**
 * The process's one registry, with prom-client's default process metrics (CPU, memory, event
 * loop lag, GC, handles) registered on first use. Every instrument of the process lives here, so
 * one scrape of /metrics shows all of them.
 */
export function metricsRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Seconds buckets of request and RPC durations: from a cached read (milliseconds) to a submit
 * that waits for a whole analysis (tens of seconds, bounded by the 30 s gRPC deadline).
 */
export const DURATION_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The registry's counter of this name, made on first call: two components of one process asking
 * for the same instrument share it instead of failing on a duplicate registration.
 */
export function sharedCounter<L extends string>(registry: Registry, name: string, help: string, labelNames: readonly L[]): Counter<L> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Counter<L>;
  return new Counter({ name, help, labelNames, registers: [registry] });
}

/** As sharedCounter, for a histogram of seconds. */
export function sharedHistogram<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets: number[] = DURATION_BUCKETS_SECONDS,
): Histogram<L> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Histogram<L>;
  return new Histogram({ name, help, labelNames, buckets, registers: [registry] });
}
