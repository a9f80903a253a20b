import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import {
  type Attributes,
  type Context,
  type Link,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
} from '@opentelemetry/api';
import { tracingStarted } from './settings';

export { type Span, SpanKind, tracingStarted };
export { tracingEnabled } from './settings';

/** Where the preload lives, for launchers: `node --require <TRACING_PRELOAD> app.js`. */
export const TRACING_PRELOAD = require.resolve('./register');

const tracer = () => trace.getTracer('kyc');

/**
 * The W3C `traceparent` of the active span, to store beside work that another process picks up
 * later (an outbox row, a webhook delivery); undefined when tracing is off or no span is active.
 */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The trace and span ids of the active span, for log lines; empty when there is none. */
export function activeTraceIds(): { traceId?: string; spanId?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return trace.isSpanContextValid(span.spanContext()) ? { traceId, spanId } : {};
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /**
   * The stored trace context this work continues (an event's, a delivery's): the span becomes
   * its child, linked to whatever span was active (a Kafka batch's, say). Without it the span is a
   * child of the active span.
   */
  traceparent?: string | null;
}

/**
 * Runs `work` inside a new active span, which ends when it settles; a throw is recorded on the
 * span (status ERROR) and rethrown. With tracing off the span is a no-op and costs a call.
 */
export function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  let parent: Context = context.active();
  const links: Link[] = [];
  if (options.traceparent) {
    const active = trace.getSpanContext(parent);
    if (active && trace.isSpanContextValid(active)) links.push({ context: active });
    parent = propagation.extract(ROOT_CONTEXT, { traceparent: options.traceparent });
  }
  return tracer().startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes, links },
    parent,
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * A SERVER span around each request an HTTP server handles, continuing the caller's
 * `traceparent`, active for all the handler does (so its gRPC calls are children), ended when the
 * response is finished. Named `METHOD` until the router knows the route: see `nameServerSpan`.
 * Does nothing when tracing is off.
 */
export function traceHttpServer(server: Server): void {
  if (!tracingStarted()) return;
  const emit = server.emit as (this: Server, event: string, ...args: unknown[]) => boolean;
  server.emit = function (this: Server, event: string, ...args: unknown[]): boolean {
    if (event !== 'request') return emit.call(this, event, ...args);
    const [request, response] = args as [IncomingMessage, ServerResponse];
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer().startSpan(
      request.method ?? 'HTTP',
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method ?? '' } },
      parent,
    );
    response.once('close', () => {
      span.setAttribute('http.response.status_code', response.statusCode);
      if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    return context.with(trace.setSpan(parent, span), () => emit.call(this, event, ...args));
  } as Server['emit'];
}

/** Names the active HTTP server span after the route template (`GET /v1/verifications/:id`), never the raw path. */
export function nameServerSpan(method: string, route: string | undefined): void {
  const span = trace.getActiveSpan();
  if (!span || !route) return;
  span.updateName(`${method} ${route}`);
  span.setAttribute('http.route', route);
}
