import { DUPLICATE_FACE_THRESHOLD, type EnrolledFace, findDuplicates } from './duplicate-check';

function face(offset: number): Float32Array {
  const embedding = new Float32Array(128);
  embedding[0] = offset;
  return embedding;
}

const SAME_FACE = face(0.1);
const OTHER_FACE = face(0.1 + DUPLICATE_FACE_THRESHOLD + 0.05);
const earlier = (overrides: Partial<EnrolledFace> = {}): EnrolledFace => ({
  sessionId: 'earlier',
  embedding: face(0),
  identityKey: 'id-alice',
  emailKey: 'mail-alice',
  ...overrides,
});
const candidate = { sessionId: 'new', embedding: SAME_FACE, identityKey: 'id-alice', emailKey: 'mail-alice' };

describe('findDuplicates', () => {
  it('does not flag the same person verifying again with the same identity and e-mail', () => {
    expect(findDuplicates(candidate, [earlier()])).toEqual({ suspected: false, matches: 0, reasons: [], sessionIds: [] });
  });

  it('flags the same face under another identity', () => {
    expect(findDuplicates(candidate, [earlier({ identityKey: 'id-bob' })])).toEqual({
      suspected: true,
      matches: 1,
      reasons: ['different_identity'],
      sessionIds: ['earlier'],
    });
  });

  it('flags the same identity under another e-mail', () => {
    expect(findDuplicates(candidate, [earlier({ emailKey: 'mail-other' })])).toEqual({
      suspected: true,
      matches: 1,
      reasons: ['different_email'],
      sessionIds: ['earlier'],
    });
  });

  it('ignores another face, whatever its identity', () => {
    expect(findDuplicates({ ...candidate, embedding: OTHER_FACE }, [earlier({ identityKey: 'id-bob' })]).suspected).toBe(false);
  });

  it('proves nothing from unknown keys', () => {
    expect(findDuplicates({ ...candidate, identityKey: '' }, [earlier({ identityKey: 'id-bob' })]).suspected).toBe(false);
    expect(findDuplicates(candidate, [earlier({ emailKey: '' })]).suspected).toBe(false);
  });

  it('never matches the session against itself', () => {
    expect(findDuplicates(candidate, [earlier({ sessionId: 'new', identityKey: 'id-bob' })]).suspected).toBe(false);
  });

  it('counts every earlier match and lists each reason once', () => {
    const verdict = findDuplicates(candidate, [
      earlier({ sessionId: 'a', identityKey: 'id-bob' }),
      earlier({ sessionId: 'b', identityKey: 'id-carol' }),
      earlier({ sessionId: 'c', emailKey: 'x' }),
    ]);
    expect(verdict).toEqual({
      suspected: true,
      matches: 3,
      reasons: ['different_email', 'different_identity'],
      sessionIds: ['a', 'b', 'c'],
    });
  });
});
