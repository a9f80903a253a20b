import type { TypedEvent } from '@kyc/events';
import type { EntityManager } from '@kyc/persistence';
import { type Effect, type EmittedEvent, type SessionSnapshot, type Trigger, type TransitionContext, transition } from '../domain/session-state-machine';
import type { SessionChanges, SessionRecord, SessionRepository } from '../infrastructure/session.repository';

export function snapshotOf(record: SessionRecord): SessionSnapshot {
  return {
    status: record.status as SessionSnapshot['status'],
    testMode: record.testMode,
    expiresAt: record.expiresAt,
    actionCycles: record.actionCycles,
    nextAction: record.nextAction as SessionSnapshot['nextAction'],
  };
}

export interface AppliedTransition {
  session: SessionRecord;
  effects: Effect[];
}

/**
 * The one place a transition of the state machine is carried out against the database, inside
 * the caller's transaction. Effects that stay inside the session schema (TTL, uploads, cycles,
 * outbox events, supersession) happen here; effects on other services (billing, purging) are
 * returned for the caller to run after commit.
 */
export async function applyTransition(
  repository: SessionRepository,
  manager: EntityManager,
  record: SessionRecord,
  trigger: Trigger,
  context: Omit<TransitionContext, 'now'> & { now?: Date },
  extraChanges: SessionChanges = {},
  eventFor?: (event: EmittedEvent) => TypedEvent,
): Promise<AppliedTransition> {
  const now = context.now ?? new Date();
  const result = transition(snapshotOf(record), trigger, { ...context, now });
  const changes: SessionChanges = { status: result.to, ...extraChanges };
  for (const effect of result.effects) {
    switch (effect.type) {
      case 'extend_ttl':
        changes.expiresAt = new Date(now.getTime() + effect.hours * 3_600_000);
        break;
      case 'reset_uploads':
        changes.uploads = {};
        changes.uploadProblems = {};
        changes.documentType = null;
        changes.requiresBackSide = null;
        break;
      case 'increment_action_cycles':
        changes.actionCycles = record.actionCycles + 1;
        break;
      default:
        break;
    }
  }
  if (trigger === 'pipeline_needs_action' && result.to === 'action_required') {
    // The named side must be uploaded again before the next submit (spec part 3, rule 6).
    changes.nextAction = context.nextAction ?? null;
    const side = context.nextAction === 'resubmit_back' ? 'back' : 'front';
    changes.uploads = { ...record.uploads, [side]: false };
  }
  if (result.to !== 'action_required' && record.nextAction && changes.nextAction === undefined) changes.nextAction = null;
  const updated = await repository.update(manager, record.id, changes);
  for (const effect of result.effects) {
    if (effect.type === 'emit') {
      if (!eventFor) throw new Error(`transition ${record.status} --${trigger}--> ${result.to} emits ${effect.event} but the caller gave no event`);
      await repository.appendOutbox(manager, { ...eventFor(effect.event), session: updated });
    }
    if (effect.type === 'supersede_older_reviews') {
      for (const olderId of await repository.findReviewsToSupersede(manager, updated)) {
        const older = await repository.findForUpdate(manager, { projectId: updated.projectId, environment: updated.environment }, olderId);
        await applyTransition(repository, manager, older, 'superseded_by_newer_attempt', { now });
      }
    }
  }
  return { session: updated, effects: result.effects };
}
