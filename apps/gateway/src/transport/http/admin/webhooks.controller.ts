import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import type { webhook } from '@kyc/contracts';
import type { z } from 'zod';
import { ServiceClients } from '../../../infrastructure/service-clients';
import type {
  rotatedWebhookSecretResponse,
  webhookDeliveryListResponse,
  webhookDeliveryResponse,
  webhookEndpointResponse,
  webhookEndpointStateResponse,
} from '../openapi/response-schemas';
import { AdminTokenGuard } from '../admin-token.guard';
import { listSessionsQuery, rotateWebhookSecretBody, webhookBody } from '../request-schemas';
import { InProject, InProjectEnvironment, type ProjectEnvironmentScope, type ProjectScope, onWire } from './project-scope.pipe';

/** A project environment's webhook endpoint and its delivery log. */
@Controller('admin/v1/projects/:projectId')
@UseGuards(AdminTokenGuard)
export class WebhooksAdminController {
  constructor(private readonly clients: ServiceClients) {}

  /** The endpoint as it is: its URL and until when a rotated-out secret still signs. Never a secret. 404 while none is set. */
  @Get('environments/:environment/webhook')
  async getWebhook(@InProjectEnvironment() scope: ProjectEnvironmentScope): Promise<z.infer<typeof webhookEndpointStateResponse>> {
    const endpoint = await this.clients.webhook.getEndpoint(onWire(scope));
    return { url: endpoint.url, updatedAt: endpoint.updatedAt || null, previousSecretExpiresAt: endpoint.previousSecretExpiresAt || null };
  }

  /** The secret is in the answer only when this call created the endpoint; the same or another URL keeps it. */
  @Put('environments/:environment/webhook')
  async setWebhook(
    @InProjectEnvironment() scope: ProjectEnvironmentScope,
    @Body() rawBody: unknown,
  ): Promise<z.infer<typeof webhookEndpointResponse>> {
    const { url } = webhookBody.parse(rawBody ?? {});
    const endpoint = await this.clients.webhook.setEndpoint({ ...onWire(scope), url });
    return { url: endpoint.url, ...(endpoint.secret ? { secret: endpoint.secret } : {}) };
  }

  /** A new secret (shown once); the replaced one keeps signing beside it for `overlapHours` (default 24, at most 168). */
  @Post('environments/:environment/webhook/rotate-secret')
  @HttpCode(200)
  async rotateSecret(
    @InProjectEnvironment() scope: ProjectEnvironmentScope,
    @Body() rawBody: unknown,
  ): Promise<z.infer<typeof rotatedWebhookSecretResponse>> {
    const { overlapHours } = rotateWebhookSecretBody.parse(rawBody ?? {});
    const endpoint = await this.clients.webhook.rotateSecret({ ...onWire(scope), overlapSeconds: overlapHours * 3600 });
    return { url: endpoint.url, secret: endpoint.secret, previousSecretExpiresAt: endpoint.previousSecretExpiresAt || null };
  }

  @Get('environments/:environment/webhook/deliveries')
  async listDeliveries(
    @InProjectEnvironment() scope: ProjectEnvironmentScope,
    @Query() rawQuery: unknown,
  ): Promise<z.infer<typeof webhookDeliveryListResponse>> {
    const { limit } = listSessionsQuery.pick({ limit: true }).parse(rawQuery ?? {});
    const { deliveries } = await this.clients.webhook.listDeliveries({ ...onWire(scope), limit });
    return { deliveries: deliveries.map(presentDelivery) };
  }

  @Post('webhook/deliveries/:deliveryId/replay')
  @HttpCode(200)
  async replayDelivery(@InProject() scope: ProjectScope, @Param('deliveryId') deliveryId: string) {
    return presentDelivery(await this.clients.webhook.replayDelivery({ projectId: scope.projectId, deliveryId }));
  }
}

/** A delivery as the log shows it: the message's fields, timestamps not yet set as null. */
export function presentDelivery(delivery: webhook.Delivery): z.infer<typeof webhookDeliveryResponse> {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    type: delivery.type,
    sessionId: delivery.sessionId,
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.nextAttemptAt || null,
    createdAt: delivery.createdAt,
    deliveredAt: delivery.deliveredAt || null,
    attemptLog: (delivery.attemptLog ?? []).map((attempt) => ({
      attempt: attempt.attempt,
      statusCode: attempt.statusCode,
      latencyMs: attempt.latencyMs,
      error: attempt.error,
      at: attempt.at,
    })),
  };
}
