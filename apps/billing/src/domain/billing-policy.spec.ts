import { ErrorCode } from '@kyc/errors';
import {
  assertCanReserve,
  assertCreditLimit,
  assertTopUpAmount,
  assertTrialVerifications,
  chargeSource,
  unitsAvailable,
} from './billing-policy';

const account = (balance: number, trialRemaining: number, creditLimit = 0) => ({ balance, trialRemaining, creditLimit });

describe('billing policy', () => {
  it('allows sessions while trial or balance remains', () => {
    expect(() => assertCanReserve(account(0, 1), 0)).not.toThrow();
    expect(() => assertCanReserve(account(1, 0), 0)).not.toThrow();
  });

  it('refuses with KYC_023 when there is no trial, no balance and no credit', () => {
    expect(() => assertCanReserve(account(0, 0), 0)).toThrow(expect.objectContaining({ code: ErrorCode.BALANCE_EXHAUSTED }));
  });

  it('allows sessions on credit until the balance reaches minus the limit, then KYC_024', () => {
    expect(() => assertCanReserve(account(0, 0, 2), 0)).not.toThrow();
    expect(() => assertCanReserve(account(-1, 0, 2), 0)).not.toThrow();
    expect(() => assertCanReserve(account(-2, 0, 2), 0)).toThrow(expect.objectContaining({ code: ErrorCode.CREDIT_LIMIT }));
    expect(() => assertCanReserve(account(-5, 0, 2), 0)).toThrow(expect.objectContaining({ code: ErrorCode.CREDIT_LIMIT }));
  });

  it('counts trial, positive balance and the credit room left below zero as units', () => {
    expect(unitsAvailable(account(3, 2))).toBe(5);
    expect(unitsAvailable(account(3, 0, 5))).toBe(8);
    expect(unitsAvailable(account(-3, 0, 5))).toBe(2);
    // A credit limit lowered under the debt leaves no credit room, but the trial still pays.
    expect(unitsAvailable(account(-5, 1, 0))).toBe(1);
  });

  it('holds one unit per open session: a balance of one admits one open session', () => {
    expect(() => assertCanReserve(account(1, 0), 0)).not.toThrow();
    expect(() => assertCanReserve(account(1, 0), 1)).toThrow(
      expect.objectContaining({ code: ErrorCode.BALANCE_EXHAUSTED, details: { reservedByOpenSessions: 1 } }),
    );
    expect(() => assertCanReserve(account(2, 1), 2)).not.toThrow();
    expect(() => assertCanReserve(account(2, 1), 3)).toThrow(expect.objectContaining({ code: ErrorCode.BALANCE_EXHAUSTED }));
  });

  it('answers KYC_024 when open sessions hold the last of the credit', () => {
    expect(() => assertCanReserve(account(-1, 0, 2), 0)).not.toThrow();
    expect(() => assertCanReserve(account(-1, 0, 2), 1)).toThrow(
      expect.objectContaining({ code: ErrorCode.CREDIT_LIMIT, details: expect.objectContaining({ reservedByOpenSessions: 1 }) }),
    );
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
