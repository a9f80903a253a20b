import { ErrorCode, KycError } from '@kyc/errors';

export interface AccountBalance {
  balance: number;
  trialRemaining: number;
}

/** Billed environments; test mode is never billed and never asks. */
export type BilledEnvironment = 'sandbox' | 'live';

export function assertBilledEnvironment(environment: string): asserts environment is BilledEnvironment {
  if (environment !== 'sandbox' && environment !== 'live') {
    throw new KycError(ErrorCode.VALIDATION_FAILED, `environment must be sandbox or live, got "${environment}"`);
  }
}

/** A session may be created while the trial or the balance can pay for its completion. */
export function canCreateSession(account: AccountBalance): boolean {
  return account.trialRemaining > 0 || account.balance > 0;
}

/** Which source pays for a completed session: the trial first, then the balance. */
export function chargeSource(account: AccountBalance): 'trial' | 'balance' | null {
  if (account.trialRemaining > 0) return 'trial';
  if (account.balance > 0) return 'balance';
  return null;
}

export function assertTopUpAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0 || amount > 1_000_000) {
    throw new KycError(ErrorCode.VALIDATION_FAILED, 'amount must be a whole number of verifications between 1 and 1000000');
  }
}
