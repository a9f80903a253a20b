import { Body, Controller, Get, HttpCode, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ServiceClients } from '../../../infrastructure/service-clients';
import { AdminTokenGuard } from '../admin-token.guard';
import { balanceBody, balanceHistoryQuery, creditLimitBody, trialBody } from '../request-schemas';
import { presentLedgerPage } from './billing-presenters';
import { InProjectEnvironment, type ProjectEnvironmentScope } from './project-scope.pipe';

/** A project environment's balance, trial, credit limit and ledger. */
@Controller('admin/v1/projects/:projectId/environments/:environment')
@UseGuards(AdminTokenGuard)
export class BillingAdminController {
  constructor(private readonly clients: ServiceClients) {}

  @Post('balance')
  @HttpCode(200)
  topUp(@InProjectEnvironment() scope: ProjectEnvironmentScope, @Body() rawBody: unknown) {
    const { amount } = balanceBody.parse(rawBody ?? {});
    return this.clients.billing.topUp({ ...scope, amount });
  }

  @Get('balance')
  getBalance(@InProjectEnvironment() scope: ProjectEnvironmentScope) {
    return this.clients.billing.getBalance(scope);
  }

  @Put('trial')
  setTrial(@InProjectEnvironment() scope: ProjectEnvironmentScope, @Body() rawBody: unknown) {
    const { trialRemaining } = trialBody.parse(rawBody ?? {});
    return this.clients.billing.setTrial({ ...scope, trialRemaining });
  }

  @Put('credit-limit')
  setCreditLimit(@InProjectEnvironment() scope: ProjectEnvironmentScope, @Body() rawBody: unknown) {
    const { creditLimit } = creditLimitBody.parse(rawBody ?? {});
    return this.clients.billing.setCreditLimit({ ...scope, creditLimit });
  }

  @Get('balance/history')
  async balanceHistory(@InProjectEnvironment() scope: ProjectEnvironmentScope, @Query() rawQuery: unknown) {
    const query = balanceHistoryQuery.parse(rawQuery ?? {});
    const { entries } = await this.clients.billing.listLedger({ ...scope, limit: query.limit, before: query.before ?? '' });
    return presentLedgerPage(entries, query.limit);
  }
}
