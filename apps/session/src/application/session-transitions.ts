import type { TypedEvent } from '@kyc/events';
import { documentsNeededByPoa } from '../domain/proof-of-address';
import type { SessionChanges, SessionRecord } from '../domain/session';
import { type EmittedEvent, type SessionSnapshot, type Trigger, type TransitionContext, transition } from '../domain/session-state-machine';
import type { SessionTransaction } from './ports/session-store';
import { closedEvent } from './verification-events';

export function snapshotOf(record: SessionRecord): SessionSnapshot {
  return {
    status: record.status,
    testMode: record.testMode,
    expiresAt: record.expiresAt,
    actionCycles: record.actionCycles,
    nextAction: record.nextAction,
  };
}

/**
 * The one place a transition of the state machine is carried out, inside the caller's
 * transaction, effects included: session fields, outbox events, supersession, and purge requests
 * (a queue the purge worker drains until every service acknowledges, so nothing runs after commit).
 */
export async function applyTransition(
  tx: SessionTransaction,
  record: SessionRecord,
  trigger: Trigger,
  context: Omit<TransitionContext, 'now'> & { now?: Date },
  extraChanges: SessionChanges = {},
  eventFor?: (event: EmittedEvent) => TypedEvent,
): Promise<SessionRecord> {
  const now = context.now ?? new Date();
  const result = transition(snapshotOf(record), trigger, { ...context, now });
  const changes: SessionChanges = { status: result.to, ...extraChanges };
  if (trigger === 'pipeline_needs_action' && result.to === 'action_required') {
    // The named side must be uploaded again before the next submit (spec part 3, rule 6).
    changes.nextAction = context.nextAction ?? null;
    const side = context.nextAction === 'resubmit_back' ? 'back' : 'front';
    changes.uploads = { ...record.uploads, [side]: false };
  }
  if (result.to !== 'action_required' && record.nextAction && changes.nextAction === undefined) changes.nextAction = null;
  const afterUpdate: ((updated: SessionRecord) => Promise<void>)[] = [];
  for (const effect of result.effects) {
    switch (effect.type) {
      case 'extend_ttl':
        changes.expiresAt = new Date(now.getTime() + effect.hours * 3_600_000);
        break;
      case 'reset_uploads':
        Object.assign(changes, {
          uploads: {},
          uploadProblems: {},
          documentType: null,
          requiresBackSide: null,
          poaJobId: null,
          poaStatus: null,
        } satisfies SessionChanges);
        break;
      case 'increment_action_cycles':
        changes.actionCycles = record.actionCycles + 1;
        break;
      case 'emit': {
        if (!eventFor)
          throw new Error(`transition ${record.status} --${trigger}--> ${result.to} emits ${effect.event} but the caller gave no event`);
        const event = eventFor(effect.event);
        afterUpdate.push((updated) => tx.appendOutbox({ ...event, session: updated }));
        break;
      }
      case 'close_unbilled':
        afterUpdate.push((updated) => tx.appendOutbox({ ...closedEvent(updated), session: updated }));
        break;
      case 'purge_artifacts':
        // What was stored so far is generation `record.dataGeneration`; whatever comes next is the next one.
        changes.dataGeneration = record.dataGeneration + 1;
        afterUpdate.push((updated) => tx.requestPurge(updated.id, record.dataGeneration));
        break;
      case 'purge_documents':
        // A terminal state takes no uploads: the generation stays, and the face (biometrics) is kept.
        // A pending proof of address still reads the document: its finish asks for this purge.
        afterUpdate.push(async (updated) => {
          if (!documentsNeededByPoa(updated)) await tx.requestPurge(updated.id, record.dataGeneration, ['document']);
        });
        break;
      case 'supersede_older_reviews':
        afterUpdate.push(async (updated) => {
          for (const olderId of await tx.findReviewsToSupersede(updated)) {
            const older = await tx.findForUpdate({ projectId: updated.projectId, environment: updated.environment }, olderId);
            await applyTransition(tx, older, 'superseded_by_newer_attempt', { now });
          }
        });
        break;
      default: {
        const unhandled: never = effect;
        throw new Error(`no handler for effect ${JSON.stringify(unhandled)}`);
      }
    }
  }
  const updated = await tx.update(record.id, changes);
  for (const step of afterUpdate) await step(updated);
  return updated;
}
