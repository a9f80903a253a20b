import { ErrorCode } from '@kyc/errors';
import { DEFAULT_ENVIRONMENT_SETTINGS, sessionSettings } from './environment-settings';
import { assertIdentityDocumentRead, assertPoaForSubmit, completionHeldForPoa } from './proof-of-address';
import type { SessionRecord } from './session';

function session(over: Partial<SessionRecord>): SessionRecord {
  return {
    status: 'connected',
    testMode: false,
    uploads: {},
    documentType: null,
    poaJobId: null,
    poaStatus: null,
    ...sessionSettings(DEFAULT_ENVIRONMENT_SETTINGS),
    ...over,
  } as SessionRecord;
}

describe('proof-of-address rules', () => {
  it('needs the identity document first (its name is matched), and none on a failed session, which reopens empty', () => {
    expect(() => assertIdentityDocumentRead(session({}))).toThrow(expect.objectContaining({ code: ErrorCode.POA_NEEDS_DOCUMENT }));
    expect(() => assertIdentityDocumentRead(session({ uploads: { front: true } }))).not.toThrow();
    // action_required re-collects the front; the document read before still stands.
    expect(() => assertIdentityDocumentRead(session({ status: 'action_required', documentType: 'id_card' }))).not.toThrow();
    expect(() => assertIdentityDocumentRead(session({ status: 'failed', documentType: 'passport', uploads: { main: true } }))).toThrow(
      expect.objectContaining({ code: ErrorCode.POA_NEEDS_DOCUMENT }),
    );
  });

  it('submit needs an upload when required, except in test mode straight from pending', () => {
    expect(() => assertPoaForSubmit(session({}))).not.toThrow();
    expect(() => assertPoaForSubmit(session({ poaRequired: true }))).toThrow(expect.objectContaining({ code: ErrorCode.POA_REQUIRED }));
    expect(() => assertPoaForSubmit(session({ poaRequired: true, poaJobId: 'j', poaStatus: 'pending' }))).not.toThrow();
    expect(() => assertPoaForSubmit(session({ poaRequired: true, testMode: true, status: 'pending' }))).not.toThrow();
    expect(() => assertPoaForSubmit(session({ poaRequired: true, testMode: true, status: 'connected' }))).toThrow(
      expect.objectContaining({ code: ErrorCode.POA_REQUIRED }),
    );
  });

  it('holds a completion only for a required proof of address still being processed', () => {
    expect(completionHeldForPoa(session({ poaRequired: true, poaStatus: 'pending' }))).toBe(true);
    expect(completionHeldForPoa(session({ poaRequired: false, poaStatus: 'pending' }))).toBe(false);
    expect(completionHeldForPoa(session({ poaRequired: true, poaStatus: 'rejected' }))).toBe(false);
  });
});
