import { TRACING_PRELOAD } from '@kyc/tracing';

export { TRACING_PRELOAD };

/**
 * A service's environment with its trace service name (`kyc-<app>`).
 * Every service process is started with the tracing preload; it starts the SDK only when the
 * environment names an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT), and otherwise loads nothing.
 */
export function tracedEnv(app: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, OTEL_SERVICE_NAME: `kyc-${app}` };
}
