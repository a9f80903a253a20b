import { Controller } from '@nestjs/common';
import { billing, type common, projectEnvironments } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { requireWire, requireWireUuid } from '@kyc/grpc';
import {
  type AccountBalance,
  BILLED_ENVIRONMENTS,
  type BilledEnvironment,
  assertCanReserve,
  assertCreditLimit,
  assertTopUpAmount,
  assertTrialVerifications,
} from '../domain/billing-policy';
import { BillingRepository } from '../infrastructure/billing.repository';

const MAX_LEDGER_PAGE = 200;

/** Test mode is never billed: only SANDBOX and LIVE are accepted. */
const billedEnvironment = (value: common.ProjectEnvironment): BilledEnvironment =>
  requireWire(projectEnvironments, value, 'environment', BILLED_ENVIRONMENTS) as BilledEnvironment;

function presentBalance(projectId: string, environment: BilledEnvironment, account: AccountBalance): billing.Balance {
  return {
    projectId,
    environment: projectEnvironments.toWire(environment),
    balance: account.balance,
    trialRemaining: account.trialRemaining,
    creditLimit: account.creditLimit,
  };
}

@Controller()
@billing.BillingServiceControllerMethods()
export class BillingGrpcController implements billing.BillingServiceController {
  constructor(private readonly repository: BillingRepository) {}

  async authorizeSessionCreation(request: billing.AccountRef): Promise<billing.Allowance> {
    const environment = billedEnvironment(request.environment);
    const account = await this.repository.getAccountWithReservations(request.projectId, environment);
    assertCanReserve(account, account.reserved);
    return { allowed: true, balance: account.balance, trialRemaining: account.trialRemaining, reserved: account.reserved };
  }

  async reserveSession(request: billing.ReserveSessionRequest): Promise<billing.Allowance> {
    const environment = billedEnvironment(request.environment);
    const sessionId = requireWireUuid(request.sessionId, 'sessionId');
    const holdUntil = new Date(request.holdUntil);
    if (Number.isNaN(holdUntil.getTime())) throw new KycError(ErrorCode.VALIDATION_FAILED, 'holdUntil must be an RFC 3339 time');
    const account = await this.repository.reserve(request.projectId, environment, sessionId, holdUntil);
    return { allowed: true, balance: account.balance, trialRemaining: account.trialRemaining, reserved: account.reserved };
  }

  async releaseSession(request: billing.ReleaseSessionRequest): Promise<billing.ReleaseSessionResponse> {
    billedEnvironment(request.environment);
    return { released: await this.repository.release(requireWireUuid(request.sessionId, 'sessionId')) };
  }

  async chargeCompletedSession(request: billing.ChargeRequest): Promise<billing.Charge> {
    const environment = billedEnvironment(request.environment);
    const charge = await this.repository.chargeSession(request.projectId, environment, request.sessionId);
    return { id: charge.id, sessionId: request.sessionId, source: charge.source, alreadyCharged: charge.alreadyCharged };
  }

  async topUp(request: billing.TopUpRequest): Promise<billing.Balance> {
    const environment = billedEnvironment(request.environment);
    assertTopUpAmount(request.amount);
    return presentBalance(request.projectId, environment, await this.repository.topUp(request.projectId, environment, request.amount));
  }

  async getBalance(request: billing.AccountRef): Promise<billing.Balance> {
    const environment = billedEnvironment(request.environment);
    return presentBalance(request.projectId, environment, await this.repository.getAccount(request.projectId, environment));
  }

  async setTrial(request: billing.SetTrialRequest): Promise<billing.Balance> {
    const environment = billedEnvironment(request.environment);
    assertTrialVerifications(request.trialRemaining);
    return presentBalance(
      request.projectId,
      environment,
      await this.repository.setTrial(request.projectId, environment, request.trialRemaining),
    );
  }

  async setCreditLimit(request: billing.SetCreditLimitRequest): Promise<billing.Balance> {
    const environment = billedEnvironment(request.environment);
    assertCreditLimit(request.creditLimit);
    return presentBalance(
      request.projectId,
      environment,
      await this.repository.setCreditLimit(request.projectId, environment, request.creditLimit),
    );
  }

  async listLedger(request: billing.ListLedgerRequest): Promise<billing.Ledger> {
    const environment = billedEnvironment(request.environment);
    const limit = Math.min(Math.max(request.limit || 50, 1), MAX_LEDGER_PAGE);
    const before = /^\d{1,18}$/.test(request.before) ? request.before : undefined;
    const entries = await this.repository.history(request.projectId, environment, limit, before);
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
