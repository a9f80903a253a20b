import { type EventBus, type EventEnvelope, type Subscription, TOPICS } from '@kyc/events';
import type { SelfieRepository } from '../infrastructure/selfie.repository';

/**
 * A completed verification (automatic or by a reviewer) joins its project environment's
 * duplicate index. Enrolling is idempotent, so a redelivered event changes nothing.
 */
export function consumeCompletedVerifications(bus: EventBus, selfies: SelfieRepository): Subscription {
  return bus.subscribe('biometrics', TOPICS.session, async (event: EventEnvelope) => {
    if (event.type !== 'verification.completed' || event.payload.testMode === true) return;
    await selfies.enroll(event.sessionId);
  });
}
