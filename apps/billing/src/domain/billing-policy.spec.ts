import { ErrorCode } from '@kyc/errors';
import { assertBilledEnvironment, assertTopUpAmount, canCreateSession, chargeSource } from './billing-policy';

describe('billing policy', () => {
  it('allows sessions while trial or balance remains', () => {
    expect(canCreateSession({ balance: 0, trialRemaining: 1 })).toBe(true);
    expect(canCreateSession({ balance: 1, trialRemaining: 0 })).toBe(true);
    expect(canCreateSession({ balance: 0, trialRemaining: 0 })).toBe(false);
  });

  it('charges the trial first, then the balance', () => {
    expect(chargeSource({ balance: 5, trialRemaining: 1 })).toBe('trial');
    expect(chargeSource({ balance: 5, trialRemaining: 0 })).toBe('balance');
    expect(chargeSource({ balance: 0, trialRemaining: 0 })).toBeNull();
  });

  it('never bills test mode and rejects odd amounts', () => {
    expect(() => assertBilledEnvironment('test')).toThrow(expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }));
    expect(() => assertTopUpAmount(0)).toThrow(expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }));
    expect(() => assertTopUpAmount(2.5)).toThrow(expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }));
    expect(() => assertTopUpAmount(10)).not.toThrow();
  });
});
