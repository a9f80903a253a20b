/**
 * Whether this process exports traces, read from the standard OpenTelemetry variables only:
 * on when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) or OTEL_TRACES_EXPORTER=otlp asks for the default one
 * (http://localhost:4318); OTEL_SDK_DISABLED=true turns it off whatever else is set.
 */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()) return true;
  return (env.OTEL_TRACES_EXPORTER ?? '').split(',').some((exporter) => exporter.trim() === 'otlp');
}

/** Set by the preload once the SDK runs, so code that would only feed spans can skip its work when off. */
const STARTED = Symbol.for('kyc.tracing.started');

export function markTracingStarted(): void {
  (globalThis as Record<symbol, unknown>)[STARTED] = true;
}

export function tracingStarted(): boolean {
  return (globalThis as Record<symbol, unknown>)[STARTED] === true;
}
