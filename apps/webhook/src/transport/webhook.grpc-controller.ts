import { Controller } from '@nestjs/common';
import { projectEnvironments, webhook } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { requireWire } from '@kyc/grpc';
import { assertEndpointUrl, assertSecretOverlap, newWebhookSecret } from '../domain/endpoint';
import { DeliveryRepository, type DeliveryView } from '../infrastructure/delivery.repository';
import { EndpointUrlPolicy } from '../infrastructure/endpoint-url-policy';
import { type EndpointRecord, EndpointRepository } from '../infrastructure/endpoint.repository';

function toDeliveryMessage(d: DeliveryView): webhook.Delivery {
  return {
    id: d.id,
    eventId: d.eventId,
    type: d.type,
    sessionId: d.sessionId,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: new Date(d.nextAttemptAt).toISOString(),
    createdAt: new Date(d.createdAt).toISOString(),
    deliveredAt: d.deliveredAt ? new Date(d.deliveredAt).toISOString() : '',
    attemptLog: d.attemptLog.map((a) => ({
      attempt: a.attempt,
      statusCode: a.statusCode ?? 0,
      latencyMs: a.latencyMs,
      error: a.error ?? '',
      at: new Date(a.at).toISOString(),
    })),
  };
}

function endpointMessage(ref: webhook.EndpointRef, endpoint: EndpointRecord, issuedSecret: string): webhook.Endpoint {
  return {
    projectId: ref.projectId,
    environment: ref.environment,
    url: endpoint.url,
    secret: issuedSecret,
    updatedAt: endpoint.updatedAt.toISOString(),
    previousSecretExpiresAt: endpoint.previousSecretExpiresAt?.toISOString() ?? '',
  };
}

@Controller()
@webhook.WebhookServiceControllerMethods()
export class WebhookGrpcController implements webhook.WebhookServiceController {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly urlPolicy: EndpointUrlPolicy,
  ) {}

  async setEndpoint(request: webhook.SetEndpointRequest): Promise<webhook.Endpoint> {
    const environment = requireWire(projectEnvironments, request.environment, 'environment');
    const parsed = assertEndpointUrl(request.url);
    await this.urlPolicy.assertAllowed(environment, parsed);
    const saved = await this.endpoints.set(request.projectId, environment, parsed.toString(), newWebhookSecret);
    return endpointMessage(request, saved, saved.issuedSecret ?? '');
  }

  async rotateSecret(request: webhook.RotateSecretRequest): Promise<webhook.Endpoint> {
    const environment = requireWire(projectEnvironments, request.environment, 'environment');
    assertSecretOverlap(request.overlapSeconds);
    const secret = newWebhookSecret();
    const rotated = await this.endpoints.rotateSecret(request.projectId, environment, secret, request.overlapSeconds);
    return endpointMessage(request, rotated, secret);
  }

  async listDeliveries(request: webhook.ListDeliveriesRequest): Promise<webhook.ListDeliveriesResponse> {
    const environment = requireWire(projectEnvironments, request.environment, 'environment');
    const limit = Math.min(Math.max(request.limit || 50, 1), 500);
    return { deliveries: (await this.deliveries.list(request.projectId, environment, limit)).map(toDeliveryMessage) };
  }

  async listSessionDeliveries(request: webhook.ListSessionDeliveriesRequest): Promise<webhook.ListDeliveriesResponse> {
    return { deliveries: (await this.deliveries.listForSession(request.projectId, request.sessionId)).map(toDeliveryMessage) };
  }

  async replayDelivery(request: webhook.ReplayDeliveryRequest): Promise<webhook.Delivery> {
    if (!(await this.deliveries.replay(request.projectId, request.deliveryId)))
      throw new KycError(ErrorCode.NOT_FOUND, 'Delivery not found in this project');
    const found = await this.deliveries.find(request.projectId, request.deliveryId);
    if (!found) throw new KycError(ErrorCode.NOT_FOUND, 'Delivery not found in this project');
    return toDeliveryMessage(found);
  }

  async getEndpoint(request: webhook.EndpointRef): Promise<webhook.Endpoint> {
    const environment = requireWire(projectEnvironments, request.environment, 'environment');
    const found = await this.endpoints.find(request.projectId, environment);
    if (!found) throw new KycError(ErrorCode.NOT_FOUND, 'No webhook endpoint is set for this environment');
    return endpointMessage(request, found, '');
  }
}
