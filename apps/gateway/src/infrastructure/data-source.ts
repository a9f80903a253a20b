import { createServiceDataSource, type DataSource } from '@kyc/persistence';
import { CreateIdempotencyKeys1763870400000 } from './migrations/1763870400000-CreateIdempotencyKeys';
import { CreateDeviceCallWindows1764000000000 } from './migrations/1764000000000-CreateDeviceCallWindows';
import { CreateApiCallWindows1764200000000 } from './migrations/1764200000000-CreateApiCallWindows';
import { CreateAdminAuthFailures1764400000000 } from './migrations/1764400000000-CreateAdminAuthFailures';
import { CreateWidgetHandoffs1764300000000 } from './migrations/1764300000000-CreateWidgetHandoffs';
import { CreateDashboardSessions1764500000000 } from './migrations/1764500000000-CreateDashboardSessions';

export function createGatewayDataSource(databaseUrl: string): DataSource {
  return createServiceDataSource({
    schema: 'gateway',
    databaseUrl,
    entities: [],
    migrations: [
      CreateIdempotencyKeys1763870400000,
      CreateDeviceCallWindows1764000000000,
      CreateApiCallWindows1764200000000,
      CreateAdminAuthFailures1764400000000,
      CreateWidgetHandoffs1764300000000,
      CreateDashboardSessions1764500000000,
    ],
  });
}
