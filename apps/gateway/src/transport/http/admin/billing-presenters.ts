import { type billing, environmentName } from '@kyc/contracts';
import type { z } from 'zod';
import type { balanceResponse, ledgerPageResponse } from '../openapi/response-schemas';

/** One page of the ledger, newest first; `nextBefore` continues it when the page is full. */
export function presentLedgerPage(entries: billing.LedgerEntry[], limit: number): z.infer<typeof ledgerPageResponse> {
  const presented = entries.map((entry) => ({
    id: entry.id,
    kind: entry.kind,
    amount: entry.amount,
    source: entry.source || null,
    sessionId: entry.sessionId || null,
    balanceAfter: entry.balanceAfter ?? null,
    trialRemainingAfter: entry.trialRemainingAfter ?? null,
    creditLimitAfter: entry.creditLimitAfter ?? null,
    createdAt: entry.createdAt,
  }));
  return { entries: presented, nextBefore: presented.length === limit ? presented[presented.length - 1].id : null };
}

/** A project environment's account. */
export function presentBalance(balance: billing.Balance): z.infer<typeof balanceResponse> {
  return {
    projectId: balance.projectId,
    environment: environmentName(balance.environment),
    balance: balance.balance,
    trialRemaining: balance.trialRemaining,
    creditLimit: balance.creditLimit,
  };
}
