import { Controller } from '@nestjs/common';
import { billing } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { assertBilledEnvironment, assertTopUpAmount, canCreateSession } from '../domain/billing-policy';
import { BillingRepository } from '../infrastructure/billing.repository';

@Controller()
@billing.BillingServiceControllerMethods()
export class BillingGrpcController implements billing.BillingServiceController {
  constructor(private readonly repository: BillingRepository) {}

  async authorizeSessionCreation(request: billing.AccountRef): Promise<billing.Allowance> {
    assertBilledEnvironment(request.environment);
    const account = await this.repository.getAccount(request.projectId, request.environment);
    if (!canCreateSession(account)) throw new KycError(ErrorCode.BALANCE_EXHAUSTED, 'No trial and no balance left; top up to create sessions');
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
    const account = await this.repository.topUp(request.projectId, request.environment, request.amount);
    return { projectId: request.projectId, environment: request.environment, balance: account.balance, trialRemaining: account.trialRemaining };
  }

  async getBalance(request: billing.AccountRef): Promise<billing.Balance> {
    assertBilledEnvironment(request.environment);
    const account = await this.repository.getAccount(request.projectId, request.environment);
    return { projectId: request.projectId, environment: request.environment, balance: account.balance, trialRemaining: account.trialRemaining };
  }
}
