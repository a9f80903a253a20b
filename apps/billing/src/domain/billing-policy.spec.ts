import { ErrorCode } from '@kyc/errors';
import { assertCanCreateSession, assertCreditLimit, assertTopUpAmount, assertTrialVerifications, chargeSource } from './billing-policy';

const account = (balance: number, trialRemaining: number, creditLimit = 0) => ({ balance, trialRemaining, creditLimit });

describe('billing policy', () => {
  it('allows sessions while trial or balance remains', () => {
    expect(() => assertCanCreateSession(account(0, 1))).not.toThrow();
    expect(() => assertCanCreateSession(account(1, 0))).not.toThrow();
  });

  it('refuses with KYC_023 when there is no trial, no balance and no credit', () => {
    expect(() => assertCanCreateSession(account(0, 0))).toThrow(expect.objectContaining({ code: ErrorCode.BALANCE_EXHAUSTED }));
  });

  it('allows sessions on credit until the balance reaches minus the limit, then KYC_024', () => {
    expect(() => assertCanCreateSession(account(0, 0, 2))).not.toThrow();
    expect(() => assertCanCreateSession(account(-1, 0, 2))).not.toThrow();
    expect(() => assertCanCreateSession(account(-2, 0, 2))).toThrow(expect.objectContaining({ code: ErrorCode.CREDIT_LIMIT }));
    expect(() => assertCanCreateSession(account(-5, 0, 2))).toThrow(expect.objectContaining({ code: ErrorCode.CREDIT_LIMIT }));
  });

  it('charges the trial first, then the balance, then credit', () => {
    expect(chargeSource(account(5, 1))).toBe('trial');
    expect(chargeSource(account(5, 0))).toBe('balance');
    expect(chargeSource(account(0, 0))).toBe('credit');
    expect(chargeSource(account(-3, 0, 1))).toBe('credit');
  });

  it('rejects odd amounts', () => {
    expect(() => assertTopUpAmount(0)).toThrow(expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }));
    expect(() => assertTopUpAmount(2.5)).toThrow(expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }));
    expect(() => assertTopUpAmount(10)).not.toThrow();
    expect(() => assertTrialVerifications(0)).not.toThrow();
    expect(() => assertTrialVerifications(-1)).toThrow(expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }));
    expect(() => assertCreditLimit(0)).not.toThrow();
    expect(() => assertCreditLimit(1_000_001)).toThrow(expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }));
  });
});
