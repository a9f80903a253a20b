import { type EventBus, type EventEnvelope, type Subscription, TOPICS } from '@kyc/events';
import { type BillingRepository } from '../infrastructure/billing.repository';

/**
 * Bills each completed sandbox/live verification once (spec parts 1, 3); test mode is free, and so is
 * a vault reuse the environment's policy does not bill (`freeOfCharge`, set by the session service
 * from the settings the session was created with). A session that ends unbilled
 * (verification.closed: expired, rejected, superseded) gives back the unit reserved at its creation.
 */
export function consumeCompletedVerifications(bus: EventBus, repository: BillingRepository): Subscription {
  return bus.subscribe('billing', TOPICS.session, async (event: EventEnvelope) => {
    if (event.type === 'verification.closed') {
      if (event.payload.testMode !== true) await repository.releaseForEvent(event.id, event.sessionId);
      return;
    }
    if (event.type !== 'verification.completed' || event.payload.testMode === true) return;
    if (event.payload.freeOfCharge === true) return;
    if (event.environment !== 'sandbox' && event.environment !== 'live') return;
    await repository.chargeForEvent(event.id, event.projectId, event.environment, event.sessionId);
  });
}
