import { Body, Controller, Get, HttpCode, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ServiceClients } from '../../../infrastructure/service-clients';
import { AdminTokenGuard } from '../admin-token.guard';
import { balanceBody, balanceHistoryQuery, creditLimitBody, trialBody } from '../request-schemas';
import { presentBalance, presentLedgerPage } from './billing-presenters';
import { InProjectEnvironment, type ProjectEnvironmentScope, onWire } from './project-scope.pipe';

/** A project environment's balance, trial, credit limit and ledger. */
@Controller('admin/v1/projects/:projectId/environments/:environment')
@UseGuards(AdminTokenGuard)
export class BillingAdminController {
  constructor(private readonly clients: ServiceClients) {}

  @Post('balance')
  @HttpCode(200)
  async topUp(@InProjectEnvironment() scope: ProjectEnvironmentScope, @Body() rawBody: unknown) {
    const { amount } = balanceBody.parse(rawBody ?? {});
    return presentBalance(await this.clients.billing.topUp({ ...onWire(scope), amount }));
  }

  @Get('balance')
  async getBalance(@InProjectEnvironment() scope: ProjectEnvironmentScope) {
    return presentBalance(await this.clients.billing.getBalance(onWire(scope)));
  }

  @Put('trial')
  async setTrial(@InProjectEnvironment() scope: ProjectEnvironmentScope, @Body() rawBody: unknown) {
    const { trialRemaining } = trialBody.parse(rawBody ?? {});
    return presentBalance(await this.clients.billing.setTrial({ ...onWire(scope), trialRemaining }));
  }

  @Put('credit-limit')
  async setCreditLimit(@InProjectEnvironment() scope: ProjectEnvironmentScope, @Body() rawBody: unknown) {
    const { creditLimit } = creditLimitBody.parse(rawBody ?? {});
    return presentBalance(await this.clients.billing.setCreditLimit({ ...onWire(scope), creditLimit }));
  }

  @Get('balance/history')
  async balanceHistory(@InProjectEnvironment() scope: ProjectEnvironmentScope, @Query() rawQuery: unknown) {
    const query = balanceHistoryQuery.parse(rawQuery ?? {});
    const { entries } = await this.clients.billing.listLedger({ ...onWire(scope), limit: query.limit, before: query.before ?? '' });
    return presentLedgerPage(entries, query.limit);
  }
}
