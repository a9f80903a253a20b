import { createServiceDataSource, type DataSource } from '@kyc/persistence';
import { CreateSelfies1763870400000 } from './migrations/1763870400000-CreateSelfies';
import { SelfieFaceAnalysis1764028800000 } from './migrations/1764028800000-SelfieFaceAnalysis';
import { FaceMatchAndDuplicates1764115200000 } from './migrations/1764115200000-FaceMatchAndDuplicates';
import { KeyedDuplicateKeys1765500000000 } from './migrations/1765500000000-KeyedDuplicateKeys';
import { SealedEmbeddings1765500001000 } from './migrations/1765500001000-SealedEmbeddings';
import { SelfieImages1765800000000 } from './migrations/1765800000000-SelfieImages';
import { SelfieUploadCandidates1765008000000 } from './migrations/1765008000000-SelfieUploadCandidates';

export function createBiometricsDataSource(databaseUrl: string): DataSource {
  return createServiceDataSource({
    schema: 'biometrics',
    databaseUrl,
    entities: [],
    migrations: [
      CreateSelfies1763870400000,
      SelfieFaceAnalysis1764028800000,
      FaceMatchAndDuplicates1764115200000,
      SelfieUploadCandidates1765008000000,
      KeyedDuplicateKeys1765500000000,
      SealedEmbeddings1765500001000,
      SelfieImages1765800000000,
    ],
  });
}
