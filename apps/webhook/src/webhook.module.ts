import { type DynamicModule, Module } from '@nestjs/common';
import type { DataSource } from '@kyc/persistence';
import { EndpointRepository } from './infrastructure/endpoint.repository';
import { WebhookGrpcController } from './transport/webhook.grpc-controller';

@Module({})
export class WebhookModule {
  static register(dataSource: DataSource): DynamicModule {
    return { module: WebhookModule, controllers: [WebhookGrpcController], providers: [{ provide: EndpointRepository, useValue: new EndpointRepository(dataSource) }] };
  }
}
