import { type ReuseCandidate, chooseReusable, reuseAllowedWith, reuseIneligibility, reuseRequested } from './vault-reuse';

const NOW = new Date('2026-06-01T12:00:00Z');
const DAY = 86_400_000;

const current = {
  id: 'new-session',
  projectId: 'project-a',
  environment: 'sandbox' as const,
  testMode: false,
  vaultReuseMaxAgeDays: 30,
};

function candidate(overrides: Partial<ReuseCandidate> = {}): ReuseCandidate {
  return {
    sessionId: 'earlier-session',
    attemptId: 'earlier-attempt',
    projectId: 'project-a',
    environment: 'sandbox',
    testMode: false,
    sessionStatus: 'completed',
    attemptStatus: 'success',
    isReused: false,
    purged: false,
    verifiedAt: new Date(NOW.getTime() - 10 * DAY),
    confidence: 0.93,
    documentType: 'PASSPORT',
    extractedData: { fullName: 'ERIKA MUSTERMANN' },
    identityKey: 'identity-hash',
    ...overrides,
  };
}

describe('vault reuse policy', () => {
  describe('when the submit tries the reuse path', () => {
    const session = { vaultReuseEnabled: true, email: 'erika@example.com', uploads: { face: true } };

    it('with the policy on, a selfie in, no document side and an e-mail', () => {
      expect(reuseRequested(session)).toBe(true);
    });

    it.each([
      ['the policy is off', { vaultReuseEnabled: false }],
      ['there is no selfie', { uploads: {} }],
      ['a document side is in', { uploads: { face: true, front: true } }],
      ['the passport page is in', { uploads: { face: true, main: true } }],
      ['there is no e-mail to find the earlier verification by', { email: null }],
    ])('not when %s', (_why, change) => {
      expect(reuseRequested({ ...session, ...change })).toBe(false);
    });
  });

  describe('which earlier verification is eligible', () => {
    it('a completed, successful, unpurged document verification of the same project environment within the age', () => {
      expect(reuseIneligibility(current, candidate(), NOW)).toBeNull();
    });

    it.each<[string, Partial<ReuseCandidate>, string]>([
      ['of another project', { projectId: 'project-b' }, 'other_project'],
      ['of another environment', { environment: 'live' }, 'other_environment'],
      ['in test mode for a non-test session', { testMode: true }, 'test_mode'],
      ['the session itself', { sessionId: 'new-session' }, 'same_session'],
      ['rejected', { sessionStatus: 'rejected', attemptStatus: 'rejected' }, 'not_completed'],
      ['failed', { sessionStatus: 'failed', attemptStatus: 'failed' }, 'not_completed'],
      ['under review (or superseded while in review)', { sessionStatus: 'manual_review', attemptStatus: 'manual_review' }, 'not_completed'],
      ['whose latest attempt is not the success', { attemptStatus: 'abandoned' }, 'not_completed'],
      ['itself a reuse', { isReused: true }, 'reused'],
      ['purged', { purged: true }, 'purged'],
      ['without extracted data', { extractedData: null }, 'no_extracted_data'],
      ['with empty extracted data', { extractedData: {} }, 'no_extracted_data'],
      ['older than the maximum age', { verifiedAt: new Date(NOW.getTime() - 30 * DAY - 1) }, 'too_old'],
    ])('not one %s', (_why, change, reason) => {
      expect(reuseIneligibility(current, candidate(change), NOW)).toBe(reason);
    });

    it('exactly at the maximum age still counts', () => {
      expect(reuseIneligibility(current, candidate({ verifiedAt: new Date(NOW.getTime() - 30 * DAY) }), NOW)).toBeNull();
    });

    it('a test-mode session may reuse a test-mode verification', () => {
      const test = { ...current, environment: 'test' as const, testMode: true };
      expect(reuseIneligibility(test, candidate({ environment: 'test', testMode: true }), NOW)).toBeNull();
    });
  });

  it('chooses the most recent eligible verification, or none', () => {
    const older = candidate({ sessionId: 'older', verifiedAt: new Date(NOW.getTime() - 20 * DAY) });
    const newer = candidate({ sessionId: 'newer', verifiedAt: new Date(NOW.getTime() - 2 * DAY) });
    const newestRejected = candidate({ sessionId: 'rejected', sessionStatus: 'rejected', verifiedAt: new Date(NOW.getTime() - DAY) });
    expect(chooseReusable(current, [older, newestRejected, newer], NOW)?.sessionId).toBe('newer');
    expect(chooseReusable(current, [newestRejected], NOW)).toBeNull();
    expect(chooseReusable(current, [], NOW)).toBeNull();
  });

  it('a face also enrolled under another identity is not reused; the same identity under another e-mail is, flagged', () => {
    expect(reuseAllowedWith(undefined)).toBe(true);
    expect(reuseAllowedWith({ suspected: false, reason: '' })).toBe(true);
    expect(reuseAllowedWith({ suspected: true, reason: 'different_email' })).toBe(true);
    expect(reuseAllowedWith({ suspected: true, reason: 'different_identity' })).toBe(false);
    expect(reuseAllowedWith({ suspected: true, reason: 'different_email,different_identity' })).toBe(false);
  });
});
