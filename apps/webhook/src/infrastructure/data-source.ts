import { createServiceDataSource, type DataSource } from '@kyc/persistence';
import { CreateEndpoints1763870400000 } from './migrations/1763870400000-CreateEndpoints';
import { CreateDeliveries1763956800000 } from './migrations/1763956800000-CreateDeliveries';
import { HeldDeliveries1764028800000 } from './migrations/1764028800000-HeldDeliveries';
import { SecretRotation1765300000000 } from './migrations/1765300000000-SecretRotation';
import { DeliveryTraceContext1765650000000 } from './migrations/1765650000000-DeliveryTraceContext';
import { DeliveriesBySession1765900000000 } from './migrations/1765900000000-DeliveriesBySession';

export function createWebhookDataSource(databaseUrl: string): DataSource {
  return createServiceDataSource({
    schema: 'webhook',
    databaseUrl,
    entities: [],
    migrations: [
      CreateEndpoints1763870400000,
      CreateDeliveries1763956800000,
      HeldDeliveries1764028800000,
      SecretRotation1765300000000,
      DeliveryTraceContext1765650000000,
      DeliveriesBySession1765900000000,
    ],
  });
}
