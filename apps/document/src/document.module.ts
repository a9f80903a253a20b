import { type DynamicModule, Module } from '@nestjs/common';
import { AdmissionGate, type BackgroundWork, PeriodicTask } from '@kyc/grpc';
import type { Logger } from '@kyc/logger';
import type { DataSource } from '@kyc/persistence';
import { DocumentAnalysisService } from './application/document-analysis.service';
import { ProofOfAddressService } from './application/proof-of-address.service';
import type { DocumentConfig } from './config';
import { ImageCipher } from './infrastructure/image-cipher';
import { PdfRasteriser } from './infrastructure/pdf/pdf-rasteriser';
import { ProofOfAddressRepository } from './infrastructure/proof-of-address.repository';
import { SideAnalysisRepository } from './infrastructure/side-analysis.repository';
import { DocumentGrpcController } from './transport/document.grpc-controller';

/** The composition root: the one place the document service's parts are put together. */
export function buildDocumentService(config: DocumentConfig, dataSource: DataSource, logger: Logger): DocumentAnalysisService {
  return new DocumentAnalysisService(new SideAnalysisRepository(dataSource), new ImageCipher(config.DOCUMENT_ENCRYPTION_KEY), logger);
}

export function buildProofOfAddressService(
  config: DocumentConfig,
  dataSource: DataSource,
  sides: DocumentAnalysisService,
  logger: Logger,
): ProofOfAddressService {
  return new ProofOfAddressService(
    new ProofOfAddressRepository(dataSource),
    sides,
    new ImageCipher(config.DOCUMENT_ENCRYPTION_KEY),
    new PdfRasteriser(),
    logger,
  );
}

/** Deletes the uploads no session promoted (see uploadCandidateEnv). */
export function startDocumentBackgroundWork(config: DocumentConfig, dataSource: DataSource, logger: Logger): BackgroundWork[] {
  const service = buildDocumentService(config, dataSource, logger);
  const sweep = new PeriodicTask(
    'upload candidate sweep',
    () => service.sweepCandidates(config.UPLOAD_CANDIDATE_TTL_MS),
    config.UPLOAD_CANDIDATE_SWEEP_MS,
    logger,
  );
  sweep.start();
  return [sweep];
}

@Module({})
export class DocumentModule {
  static register(config: DocumentConfig, dataSource: DataSource, logger: Logger): DynamicModule {
    const service = buildDocumentService(config, dataSource, logger);
    return {
      module: DocumentModule,
      controllers: [DocumentGrpcController],
      providers: [
        { provide: AdmissionGate, useValue: AdmissionGate.fromConfig('document service', config) },
        { provide: DocumentAnalysisService, useValue: service },
        { provide: ProofOfAddressService, useValue: buildProofOfAddressService(config, dataSource, service, logger) },
      ],
    };
  }
}
