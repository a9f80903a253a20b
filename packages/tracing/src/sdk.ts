import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { markTracingStarted } from './settings';

/**
 * Starts the OpenTelemetry SDK: spans of gRPC clients and servers and of Kafka producers and
 * consumers (instrumentations), our own spans (gateway requests, event handling, webhook
 * deliveries), batched to the OTLP/HTTP endpoint of the OTEL_* variables (JSON encoding). The
 * service name is OTEL_SERVICE_NAME (the launcher and the chart set it per service); W3C trace
 * context propagates. Traces only: metrics are Prometheus (@kyc/metrics), logs are pino lines that
 * carry the trace id.
 */
export function startTracing(): NodeSDK {
  // kyc-<app> from the script run (apps/<app>/dist/main.js) when nobody named the service (the chart's pods).
  const app = /apps\/([a-z-]+)\/dist\//.exec(process.argv[1] ?? '')?.[1];
  if (app) process.env.OTEL_SERVICE_NAME ??= `kyc-${app}`;
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
    instrumentations: [new GrpcInstrumentation(), new KafkaJsInstrumentation()],
  });
  sdk.start();
  markTracingStarted();
  // Spans still in the batch are sent when the process is asked to stop. The service's own signal
  // handler runs too (listeners do not replace each other); a process without one is stopped as
  // the signal would have stopped it, once the spans are out.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void sdk
        .shutdown()
        .catch(() => undefined)
        .finally(() => {
          if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
        });
    });
  }
  return sdk;
}
