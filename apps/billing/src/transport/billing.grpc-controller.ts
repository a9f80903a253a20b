import { Controller } from '@nestjs/common';
import { billing } from '@kyc/contracts';
import {
  type AccountBalance,
  assertBilledEnvironment,
  assertCanCreateSession,
  assertCreditLimit,
  assertTopUpAmount,
  assertTrialVerifications,
} from '../domain/billing-policy';
import { BillingRepository } from '../infrastructure/billing.repository';

const MAX_LEDGER_PAGE = 200;

function presentBalance(projectId: string, environment: string, account: AccountBalance): billing.Balance {
  return { projectId, environment, balance: account.balance, trialRemaining: account.trialRemaining, creditLimit: account.creditLimit };
}

@Controller()
@billing.BillingServiceControllerMethods()
export class BillingGrpcController implements billing.BillingServiceController {
  constructor(private readonly repository: BillingRepository) {}

  async authorizeSessionCreation(request: billing.AccountRef): Promise<billing.Allowance> {
    assertBilledEnvironment(request.environment);
    const account = await this.repository.getAccount(request.projectId, request.environment);
    assertCanCreateSession(account);
    return { allowed: true, balance: account.balance, trialRemaining: account.trialRemaining };
  }

  async chargeCompletedSession(request: billing.ChargeRequest): Promise<billing.Charge> {
    assertBilledEnvironment(request.environment);
    const charge = await this.repository.chargeSession(request.projectId, request.environment, request.sessionId);
    return { id: charge.id, sessionId: request.sessionId, source: charge.source, alreadyCharged: charge.alreadyCharged };
  }

  async topUp(request: billing.TopUpRequest): Promise<billing.Balance> {
    assertBilledEnvironment(request.environment);
    assertTopUpAmount(request.amount);
    return presentBalance(request.projectId, request.environment, await this.repository.topUp(request.projectId, request.environment, request.amount));
  }

  async getBalance(request: billing.AccountRef): Promise<billing.Balance> {
    assertBilledEnvironment(request.environment);
    return presentBalance(request.projectId, request.environment, await this.repository.getAccount(request.projectId, request.environment));
  }

  async setTrial(request: billing.SetTrialRequest): Promise<billing.Balance> {
    assertBilledEnvironment(request.environment);
    assertTrialVerifications(request.trialRemaining);
    return presentBalance(request.projectId, request.environment, await this.repository.setTrial(request.projectId, request.environment, request.trialRemaining));
  }

  async setCreditLimit(request: billing.SetCreditLimitRequest): Promise<billing.Balance> {
    assertBilledEnvironment(request.environment);
    assertCreditLimit(request.creditLimit);
    return presentBalance(request.projectId, request.environment, await this.repository.setCreditLimit(request.projectId, request.environment, request.creditLimit));
  }

  async listLedger(request: billing.ListLedgerRequest): Promise<billing.Ledger> {
    assertBilledEnvironment(request.environment);
    const limit = Math.min(Math.max(request.limit || 50, 1), MAX_LEDGER_PAGE);
    const before = /^\d{1,18}$/.test(request.before) ? request.before : undefined;
    const entries = await this.repository.history(request.projectId, request.environment, limit, before);
    return {
      entries: entries.map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        amount: entry.amount,
        source: entry.source ?? '',
        sessionId: entry.sessionId ?? '',
        balanceAfter: entry.balanceAfter ?? undefined,
        trialRemainingAfter: entry.trialRemainingAfter ?? undefined,
        creditLimitAfter: entry.creditLimitAfter ?? undefined,
        createdAt: entry.createdAt,
      })),
    };
  }
}
