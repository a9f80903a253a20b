/**
 * The preload: `node --require @kyc/tracing/dist/register.js app.js`. It must run before
 * @grpc/grpc-js and kafkajs are first imported, since their instrumentations patch the modules as
 * they load. When tracing is off (no OTLP endpoint configured) it loads nothing else, so a process
 * started with it costs what one started without it does.
 */
import { tracingEnabled } from './settings';

if (tracingEnabled()) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('./sdk') as typeof import('./sdk')).startTracing();
}
