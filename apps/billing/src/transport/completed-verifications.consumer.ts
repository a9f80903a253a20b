import { type EventBus, type EventEnvelope, type Subscription, TOPICS } from '@kyc/events';
import { type BillingRepository } from '../infrastructure/billing.repository';

/**
 * Bills each completed sandbox/live verification once (spec parts 1, 3); test mode is free, and so is
 * a vault reuse the environment's policy does not bill (`freeOfCharge`, set by the session service
 * from the settings the session was created with).
 */
export function consumeCompletedVerifications(bus: EventBus, repository: BillingRepository): Subscription {
  return bus.subscribe('billing', TOPICS.session, async (event: EventEnvelope) => {
    if (event.type !== 'verification.completed' || event.payload.testMode === true) return;
    if (event.payload.freeOfCharge === true) return;
    if (event.environment !== 'sandbox' && event.environment !== 'live') return;
    await repository.chargeForEvent(event.id, event.projectId, event.environment, event.sessionId);
  });
}
