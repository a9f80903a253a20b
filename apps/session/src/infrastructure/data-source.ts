import { createServiceDataSource, type DataSource } from '@kyc/persistence';
import { CreateSessionTables1763870400000 } from './migrations/1763870400000-CreateSessionTables';
import { AttemptReviewFacts1764115200000 } from './migrations/1764115200000-AttemptReviewFacts';
import { PurgeFailedAttemptData1764720000000 } from './migrations/1764720000000-PurgeFailedAttemptData';
import { ProcessingLeasesAndPurgeQueue1764892800000 } from './migrations/1764892800000-ProcessingLeasesAndPurgeQueue';
import { SessionIdempotencyKeys1764900000000 } from './migrations/1764900000000-SessionIdempotencyKeys';
import { OutboxClaimsAndParking1764907200000 } from './migrations/1764907200000-OutboxClaimsAndParking';
import { DataGenerations1765008000000 } from './migrations/1765008000000-DataGenerations';
import { ConsentRecords1765036800000 } from './migrations/1765036800000-ConsentRecords';
import { EnvironmentSettingsAndProofOfAddress1765120000000 } from './migrations/1765120000000-EnvironmentSettingsAndProofOfAddress';
import { KeyedDuplicateKeys1765500000000 } from './migrations/1765500000000-KeyedDuplicateKeys';
import { RetentionSettings1765500002000 } from './migrations/1765500002000-RetentionSettings';
import { VaultReuse1765200000000 } from './migrations/1765200000000-VaultReuse';
import { OperatorsAndAuditLog1765400000000 } from './migrations/1765400000000-OperatorsAndAuditLog';
import { Branding1765300000000 } from './migrations/1765300000000-Branding';
import { OutboxTraceContext1765650000000 } from './migrations/1765650000000-OutboxTraceContext';
import { SessionRecordRetention1765700000000 } from './migrations/1765700000000-SessionRecordRetention';
import { ReviewCases1765800000000 } from './migrations/1765800000000-ReviewCases';
import { AttemptDuplicateOf1765800001000 } from './migrations/1765800001000-AttemptDuplicateOf';

export const SESSION_SCHEMA = 'session';

export function createSessionDataSource(databaseUrl: string): DataSource {
  return createServiceDataSource({
    schema: SESSION_SCHEMA,
    databaseUrl,
    entities: [],
    migrations: [
      CreateSessionTables1763870400000,
      AttemptReviewFacts1764115200000,
      PurgeFailedAttemptData1764720000000,
      ProcessingLeasesAndPurgeQueue1764892800000,
      SessionIdempotencyKeys1764900000000,
      OutboxClaimsAndParking1764907200000,
      DataGenerations1765008000000,
      ConsentRecords1765036800000,
      EnvironmentSettingsAndProofOfAddress1765120000000,
      VaultReuse1765200000000,
      OperatorsAndAuditLog1765400000000,
      Branding1765300000000,
      KeyedDuplicateKeys1765500000000,
      RetentionSettings1765500002000,
      OutboxTraceContext1765650000000,
      SessionRecordRetention1765700000000,
      ReviewCases1765800000000,
      AttemptDuplicateOf1765800001000,
    ],
    poolSize: 20,
  });
}
