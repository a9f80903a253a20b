import { ErrorCode } from '@kyc/errors';
import { emailOf, normaliseNewSession } from './session-request';

describe(normaliseNewSession.name, () => {
  it('applies the spec defaults: language de, 5 minutes', () => {
    expect(normaliseNewSession({ clientMetadata: undefined, language: '', expiryMinutes: 0 })).toEqual({
      clientMetadata: {},
      language: 'de',
      expiryMinutes: 5,
    });
  });

  it.each([61, -1, 1.5, 1000])('rejects expiryMinutes %p', (expiryMinutes) => {
    expect(() => normaliseNewSession({ clientMetadata: {}, language: 'en', expiryMinutes })).toThrow(
      expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }),
    );
  });

  it('accepts the bounds 1 and 60', () => {
    expect(normaliseNewSession({ clientMetadata: {}, language: 'uk', expiryMinutes: 1 }).expiryMinutes).toBe(1);
    expect(normaliseNewSession({ clientMetadata: {}, language: 'uk', expiryMinutes: 60 }).expiryMinutes).toBe(60);
  });

  it('rejects unknown languages and non-object metadata', () => {
    expect(() => normaliseNewSession({ clientMetadata: {}, language: 'fr', expiryMinutes: 5 })).toThrow(
      expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }),
    );
    expect(() => normaliseNewSession({ clientMetadata: ['x'], language: 'en', expiryMinutes: 5 })).toThrow(
      expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }),
    );
  });
});

describe(emailOf.name, () => {
  it('normalises case and whitespace and ignores non-strings', () => {
    expect(emailOf({ email: ' Alice.Approved@Example.com ' })).toBe('alice.approved@example.com');
    expect(emailOf({ email: 42 })).toBeNull();
    expect(emailOf({})).toBeNull();
  });
});
