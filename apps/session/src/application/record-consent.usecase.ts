import { assertAcceptsConsent, isConsentInForce } from '../domain/consent';
import type { ConsentRecord, SessionRecord, SessionScope } from '../domain/session';
import type { SessionStore } from './ports/session-store';
import { lockForWrite } from './session-expiry';

export interface RecordConsentCommand extends ConsentRecord {
  scope: SessionScope;
  sessionId: string;
}

export interface ConsentOutcome {
  session: SessionRecord;
  /** False when the same wording was already consented to: nothing was appended. */
  recorded: boolean;
}

/** POST /v1/kyc/consent/{sessionId} (spec 2.10): appends the consent under the session's lock. */
export class RecordConsentUseCase {
  constructor(private readonly sessions: SessionStore) {}

  execute(command: RecordConsentCommand): Promise<ConsentOutcome> {
    return this.sessions.transaction(async (tx) => {
      const current = await lockForWrite(tx, command.scope, command.sessionId);
      assertAcceptsConsent(current);
      if (isConsentInForce(current, command.textVersion, command.locale)) return { session: current, recorded: false };
      const { textVersion, locale, ipAddress, userAgent } = command;
      return { session: await tx.appendConsent(current.id, { textVersion, locale, ipAddress, userAgent }), recorded: true };
    });
  }
}
