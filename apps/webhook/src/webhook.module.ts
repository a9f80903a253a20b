import { type DynamicModule, Module } from '@nestjs/common';
import type { DataSource } from '@kyc/persistence';
import { DeliveryRepository } from './infrastructure/delivery.repository';
import { EndpointUrlPolicy } from './infrastructure/endpoint-url-policy';
import { EndpointRepository } from './infrastructure/endpoint.repository';
import { WebhookGrpcController } from './transport/webhook.grpc-controller';

@Module({})
export class WebhookModule {
  static register(dataSource: DataSource, allowPrivateUrls: boolean): DynamicModule {
    return {
      module: WebhookModule,
      controllers: [WebhookGrpcController],
      providers: [
        { provide: EndpointRepository, useValue: new EndpointRepository(dataSource) },
        { provide: DeliveryRepository, useValue: new DeliveryRepository(dataSource) },
        { provide: EndpointUrlPolicy, useValue: new EndpointUrlPolicy(allowPrivateUrls) },
      ],
    };
  }
}
