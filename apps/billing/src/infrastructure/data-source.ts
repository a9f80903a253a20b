import { createServiceDataSource, type DataSource } from '@kyc/persistence';
import { CreateBillingTables1763870400000 } from './migrations/1763870400000-CreateBillingTables';
import { AddEventInbox1763956800000 } from './migrations/1763956800000-AddEventInbox';
import { CreditLimitAndLedger1764028800000 } from './migrations/1764028800000-CreditLimitAndLedger';
import { SessionReservations1765300000000 } from './migrations/1765300000000-SessionReservations';

export const BILLING_SCHEMA = 'billing';

export function createBillingDataSource(databaseUrl: string): DataSource {
  return createServiceDataSource({
    schema: BILLING_SCHEMA,
    databaseUrl,
    entities: [],
    migrations: [
      CreateBillingTables1763870400000,
      AddEventInbox1763956800000,
      CreditLimitAndLedger1764028800000,
      SessionReservations1765300000000,
    ],
  });
}
