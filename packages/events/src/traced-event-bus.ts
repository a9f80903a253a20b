import { SpanKind, inSpan, tracingStarted } from '@kyc/tracing';
import type { EventBus } from './event-bus';

/**
 * The bus with every handler run in a CONSUMER span `<topic> process` that continues the trace
 * the event was recorded in (its envelope's `traceparent`, set from the outbox row), so a
 * verification's trace runs on from the request that completed it into webhook deliveries, on
 * either transport and for replayed dead letters too. With tracing off the bus is returned as is.
 */
export function traceEventHandlers(bus: EventBus, system: 'kafka' | 'postgresql'): EventBus {
  if (!tracingStarted()) return bus;
  return {
    publish: (topic, events, transaction) => bus.publish(topic, events, transaction),
    close: () => bus.close(),
    subscribe: (group, topic, handler) =>
      bus.subscribe(group, topic, (event) =>
        inSpan(
          `${topic} process`,
          {
            kind: SpanKind.CONSUMER,
            traceparent: event.traceparent,
            attributes: {
              'messaging.system': system,
              'messaging.operation.type': 'process',
              'messaging.destination.name': topic,
              'messaging.consumer.group.name': group,
              'messaging.message.id': event.id,
              'kyc.event.type': event.type,
            },
          },
          () => handler(event),
        ),
      ),
  };
}
