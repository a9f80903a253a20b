import { createServiceDataSource, type DataSource } from '@kyc/persistence';
import { CreateSideAnalyses1763870400000 } from './migrations/1763870400000-CreateSideAnalyses';
import { StoreSideImagesAndAnalysis1764115200000 } from './migrations/1764115200000-StoreSideImagesAndAnalysis';
import { SideUploadCandidates1765008000000 } from './migrations/1765008000000-SideUploadCandidates';
import { ProofOfAddressDocuments1765120000000 } from './migrations/1765120000000-ProofOfAddressDocuments';

export function createDocumentDataSource(databaseUrl: string): DataSource {
  return createServiceDataSource({
    schema: 'document',
    databaseUrl,
    entities: [],
    migrations: [
      CreateSideAnalyses1763870400000,
      StoreSideImagesAndAnalysis1764115200000,
      SideUploadCandidates1765008000000,
      ProofOfAddressDocuments1765120000000,
    ],
  });
}
