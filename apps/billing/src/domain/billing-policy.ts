import { ErrorCode, KycError } from '@kyc/errors';

/**
 * One project environment's account, counted in verifications. `balance` goes below zero only
 * on credit: a session created on credit is still charged when it completes, so the debt shows.
 */
export interface AccountBalance {
  balance: number;
  trialRemaining: number;
  /** How far below zero the balance may go before session creation is refused (KYC_024). */
  creditLimit: number;
}

/** Billed environments; test mode is never billed and never asks. */
export const BILLED_ENVIRONMENTS = ['sandbox', 'live'] as const;
export type BilledEnvironment = (typeof BILLED_ENVIRONMENTS)[number];

/** What pays for a completed session. `unpaid` only appears on charges recorded before credit existed. */
export type ChargeSource = 'trial' | 'balance' | 'credit';

/**
 * How many more completed sessions the account can pay for: the trial, the positive balance, and
 * what the credit limit still allows below zero.
 */
export function unitsAvailable(account: AccountBalance): number {
  return account.trialRemaining + Math.max(account.balance, 0) + Math.max(0, account.creditLimit + Math.min(account.balance, 0));
}

/**
 * Whether a new session may start: every open session already holds one unit (reserved at its
 * creation), so a balance of one admits one open session, however many creations race. Otherwise
 * KYC_024 when a credit limit was granted and is used up, KYC_023 when there never was credit.
 */
export function assertCanReserve(account: AccountBalance, reservedByOpenSessions: number): void {
  if (unitsAvailable(account) - reservedByOpenSessions > 0) return;
  const held = reservedByOpenSessions > 0 ? { reservedByOpenSessions } : undefined;
  if (account.creditLimit > 0) {
    throw new KycError(ErrorCode.CREDIT_LIMIT, `Credit limit of ${account.creditLimit} verifications reached; top up to create sessions`, {
      creditLimit: account.creditLimit,
      balance: account.balance,
      ...held,
    });
  }
  const why = reservedByOpenSessions > 0 ? 'every remaining verification is held by an open session' : 'no trial and no balance left';
  throw new KycError(ErrorCode.BALANCE_EXHAUSTED, `${why[0].toUpperCase()}${why.slice(1)}; top up to create sessions`, held);
}

/**
 * Which source pays for a completed session: the trial first, then the balance, then credit.
 * A completion is always charged, even past the credit limit (sessions created while there was
 * room can complete later); the gate is session creation.
 */
export function chargeSource(account: AccountBalance): ChargeSource {
  if (account.trialRemaining > 0) return 'trial';
  if (account.balance > 0) return 'balance';
  return 'credit';
}

const MAX_AMOUNT = 1_000_000;

function assertWholeNumber(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min || value > MAX_AMOUNT) {
    throw new KycError(ErrorCode.VALIDATION_FAILED, `${name} must be a whole number of verifications between ${min} and ${MAX_AMOUNT}`);
  }
}

export function assertTopUpAmount(amount: number): void {
  assertWholeNumber('amount', amount, 1);
}

export function assertTrialVerifications(trialRemaining: number): void {
  assertWholeNumber('trialRemaining', trialRemaining, 0);
}

export function assertCreditLimit(creditLimit: number): void {
  assertWholeNumber('creditLimit', creditLimit, 0);
}

/** Entries of the balance history. */
export type LedgerEntryKind = 'top_up' | 'charge' | 'trial_set' | 'credit_limit_set';
