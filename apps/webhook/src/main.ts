import { runGrpcService } from '@kyc/grpc';
import { loadWebhookConfig } from './config';
import { createWebhookDataSource } from './infrastructure/data-source';
import { WebhookModule } from './webhook.module';

runGrpcService({ service: 'webhook', loadConfig: loadWebhookConfig, createDataSource: createWebhookDataSource, module: (_config, dataSource) => WebhookModule.register(dataSource) });
