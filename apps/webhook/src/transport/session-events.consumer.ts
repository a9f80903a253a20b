import { type EventBus, type Subscription, TOPICS } from '@kyc/events';
import { isDeliveredEvent, webhookBody } from '../domain/webhook-payload';
import type { DeliveryRepository } from '../infrastructure/delivery.repository';

/**
 * Turns the session's verification events into deliveries (spec part 6). Test mode fires too.
 * A completion whose proof of address is still being processed is held until
 * verification.poa_completed releases it.
 */
export function consumeSessionEvents(bus: EventBus, deliveries: DeliveryRepository): Subscription {
  return bus.subscribe('webhook', TOPICS.session, async (event) => {
    if (event.type === 'verification.poa_completed') {
      await deliveries.releaseHeld(event);
      return;
    }
    if (!isDeliveredEvent(event)) return;
    const held = event.type === 'verification.completed' && event.payload.poaPending;
    await deliveries.enqueue(event, webhookBody(event), { held });
  });
}
