import { type EventBus, type Subscription, TOPICS } from '@kyc/events';
import { DELIVERED_EVENT_TYPES, webhookBody } from '../domain/webhook-payload';
import type { DeliveryRepository } from '../infrastructure/delivery.repository';

/** Turns the session's verification events into deliveries (spec part 6). Test mode fires too. */
export function consumeSessionEvents(bus: EventBus, deliveries: DeliveryRepository): Subscription {
  return bus.subscribe('webhook', TOPICS.session, async (event) => {
    if (!DELIVERED_EVENT_TYPES.has(event.type)) return;
    await deliveries.enqueue(event, webhookBody(event));
  });
}
