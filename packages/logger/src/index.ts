import { trace } from '@opentelemetry/api';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * The only fields a log line may carry: ids, codes, statuses, counts and timings. Logs are read by
 * more people and kept longer than the data, so they never hold names, birth dates, document
 * numbers, e-mails, IP addresses, user agents, images, keys or tokens. A field not listed here is
 * written as NOT_LOGGED: a new field is a decision, made here, not a side effect of a log call.
 */
export const LOGGABLE_FIELDS: ReadonlySet<string> = new Set([
  // pino's own and ours on every line
  'level',
  'time',
  'pid',
  'hostname',
  'name',
  'msg',
  'service',
  // the active OpenTelemetry span's, so a line leads to its trace (absent when tracing is off)
  'traceId',
  'spanId',
  // identifiers (random ids, never personal)
  'sessionId',
  'earlierSessionId',
  'attemptId',
  'eventId',
  'deliveryId',
  'deadLetterId',
  'jobId',
  'outboxId',
  'uploadId',
  'projectId',
  'keyId',
  'reqId',
  'environment',
  // event bus and workers
  'group',
  'topic',
  'partition',
  'offset',
  'origin',
  'task',
  'signal',
  'target',
  'throughGeneration',
  'purgedSides',
  // outcomes, codes and counts
  'status',
  'statusCode',
  'code',
  'errorCode',
  'reason',
  'reasons',
  'kind',
  'type',
  'decision',
  'delivered',
  'expired',
  'deleted',
  'restoredTo',
  'failure',
  'failures',
  'attempt',
  'attempts',
  'tries',
  'count',
  // the retention sweep's counts (docs/retention.md)
  'faces',
  'outbox',
  'events',
  'deadLetters',
  'sessionsCleared',
  'consents',
  'side',
  'documentType',
  'detectionConfidence',
  'problems',
  'issueCodes',
  'signals',
  'mrz',
  'portrait',
  'rotation',
  // timings and transport (the integrator's endpoint URL and our own routes, no query values of callers)
  'analysisMs',
  'retryInMs',
  'timeoutMs',
  'latencyMs',
  'durationMs',
  'url',
  'path',
  'route',
  'method',
  'port',
  'healthProto',
  'http',
  // kafkajs's own entries (packages/events kafka-log: namespace, broker, client and group ids, topic, retry counts; never message values)
  'kafka',
  // errors, through the serializer below
  'err',
  'error',
]);

export const NOT_LOGGED = '[not logged]';

/** Keeps the allowed fields of a log call's object; the others say that they were left out. */
function loggableFields(object: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) kept[key] = LOGGABLE_FIELDS.has(key) ? value : NOT_LOGGED;
  return kept;
}

/**
 * An error's type, message, code and stack, nothing else: a database error's parameters, query
 * values and `detail` (which quotes the offending row) and a gRPC error's metadata stay out.
 */
function errorFields(error: unknown): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? error : NOT_LOGGED;
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    stack: error.stack,
  };
}

/** The active span's trace and span ids (W3C hex), on every line logged inside a traced operation. */
function traceIds(): Record<string, string> {
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return {};
  return { traceId: spanContext.traceId, spanId: spanContext.spanId };
}

export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name: service,
    level,
    base: { service },
    mixin: traceIds,
    formatters: { log: loggableFields },
    serializers: { err: errorFields, error: errorFields },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}
