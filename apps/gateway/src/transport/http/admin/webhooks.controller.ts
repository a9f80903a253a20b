import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ServiceClients } from '../../../infrastructure/service-clients';
import { AdminTokenGuard } from '../admin-token.guard';
import { listSessionsQuery, rotateWebhookSecretBody, webhookBody } from '../request-schemas';
import { InProject, InProjectEnvironment, type ProjectEnvironmentScope, type ProjectScope, onWire } from './project-scope.pipe';

/** A project environment's webhook endpoint and its delivery log. */
@Controller('admin/v1/projects/:projectId')
@UseGuards(AdminTokenGuard)
export class WebhooksAdminController {
  constructor(private readonly clients: ServiceClients) {}

  /** The secret is in the answer only when this call created the endpoint; the same or another URL keeps it. */
  @Put('environments/:environment/webhook')
  async setWebhook(@InProjectEnvironment() scope: ProjectEnvironmentScope, @Body() rawBody: unknown) {
    const { url } = webhookBody.parse(rawBody ?? {});
    const endpoint = await this.clients.webhook.setEndpoint({ ...onWire(scope), url });
    return { url: endpoint.url, ...(endpoint.secret ? { secret: endpoint.secret } : {}) };
  }

  /** A new secret (shown once); the replaced one keeps signing beside it for `overlapHours` (default 24, at most 168). */
  @Post('environments/:environment/webhook/rotate-secret')
  @HttpCode(200)
  async rotateSecret(@InProjectEnvironment() scope: ProjectEnvironmentScope, @Body() rawBody: unknown) {
    const { overlapHours } = rotateWebhookSecretBody.parse(rawBody ?? {});
    const endpoint = await this.clients.webhook.rotateSecret({ ...onWire(scope), overlapSeconds: overlapHours * 3600 });
    return { url: endpoint.url, secret: endpoint.secret, previousSecretExpiresAt: endpoint.previousSecretExpiresAt || null };
  }

  @Get('environments/:environment/webhook/deliveries')
  async listDeliveries(@InProjectEnvironment() scope: ProjectEnvironmentScope, @Query() rawQuery: unknown) {
    const { limit } = listSessionsQuery.pick({ limit: true }).parse(rawQuery ?? {});
    return this.clients.webhook.listDeliveries({ ...onWire(scope), limit });
  }

  @Post('webhook/deliveries/:deliveryId/replay')
  @HttpCode(200)
  async replayDelivery(@InProject() scope: ProjectScope, @Param('deliveryId') deliveryId: string) {
    return this.clients.webhook.replayDelivery({ projectId: scope.projectId, deliveryId });
  }
}
