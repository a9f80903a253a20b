import { Controller } from '@nestjs/common';
import { webhook } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { assertEndpointUrl, assertEnvironment, newWebhookSecret } from '../domain/endpoint';
import { EndpointRepository } from '../infrastructure/endpoint.repository';

@Controller()
@webhook.WebhookServiceControllerMethods()
export class WebhookGrpcController implements webhook.WebhookServiceController {
  constructor(private readonly endpoints: EndpointRepository) {}

  async setEndpoint(request: webhook.SetEndpointRequest): Promise<webhook.Endpoint> {
    assertEnvironment(request.environment);
    const url = assertEndpointUrl(request.url).toString();
    const secret = newWebhookSecret();
    const saved = await this.endpoints.upsert(request.projectId, request.environment, url, secret);
    return { projectId: request.projectId, environment: request.environment, url: saved.url, secret, updatedAt: saved.updatedAt.toISOString() };
  }

  async getEndpoint(request: webhook.EndpointRef): Promise<webhook.Endpoint> {
    assertEnvironment(request.environment);
    const found = await this.endpoints.find(request.projectId, request.environment);
    if (!found) throw new KycError(ErrorCode.NOT_FOUND, 'No webhook endpoint is set for this environment');
    return { projectId: request.projectId, environment: request.environment, url: found.url, secret: '', updatedAt: found.updatedAt.toISOString() };
  }
}
