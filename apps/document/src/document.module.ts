import { type DynamicModule, Module } from '@nestjs/common';
import { AdmissionGate, type BackgroundWork, PeriodicTask } from '@kyc/grpc';
import type { Logger } from '@kyc/logger';
import type { DataSource } from '@kyc/persistence';
import { DocumentAnalysisService } from './application/document-analysis.service';
import { ImageKeyRotation } from './application/image-key-rotation';
import { ProofOfAddressService } from './application/proof-of-address.service';
import type { DocumentConfig } from './config';
import { ImageCipher } from './infrastructure/image-cipher';
import { PdfRasteriser } from './infrastructure/pdf/pdf-rasteriser';
import { ProofOfAddressRepository } from './infrastructure/proof-of-address.repository';
import { SideAnalysisRepository } from './infrastructure/side-analysis.repository';
import { DocumentGrpcController } from './transport/document.grpc-controller';

function imageCipher(config: DocumentConfig): ImageCipher {
  return new ImageCipher(config.DOCUMENT_ENCRYPTION_KEY, config.DOCUMENT_ENCRYPTION_PREVIOUS_KEYS);
}

/** The composition root: the one place the document service's parts are put together. */
export function buildDocumentService(config: DocumentConfig, dataSource: DataSource, logger: Logger): DocumentAnalysisService {
  return new DocumentAnalysisService(new SideAnalysisRepository(dataSource), imageCipher(config), logger);
}

export function buildProofOfAddressService(
  config: DocumentConfig,
  dataSource: DataSource,
  sides: DocumentAnalysisService,
  logger: Logger,
): ProofOfAddressService {
  return new ProofOfAddressService(new ProofOfAddressRepository(dataSource), sides, imageCipher(config), new PdfRasteriser(), logger);
}

/** Re-sealing under the current image key runs this often; with no previous key configured a run does nothing. */
const IMAGE_KEY_ROTATION_MS = 60_000;

/** Deletes the uploads no session promoted (see uploadCandidateEnv), and re-seals images under a previous key. */
export function startDocumentBackgroundWork(config: DocumentConfig, dataSource: DataSource, logger: Logger): BackgroundWork[] {
  const service = buildDocumentService(config, dataSource, logger);
  const sweep = new PeriodicTask(
    'upload candidate sweep',
    () => service.sweepCandidates(config.UPLOAD_CANDIDATE_TTL_MS),
    config.UPLOAD_CANDIDATE_SWEEP_MS,
    logger,
  );
  sweep.start();
  const rotation = new ImageKeyRotation(dataSource, imageCipher(config));
  const rotate = new PeriodicTask(
    'image key rotation',
    async () => {
      const resealed = await rotation.resealAll();
      if (resealed > 0) logger.info({ resealed, ...(await rotation.remaining()) }, 'document images re-sealed under the current key');
    },
    IMAGE_KEY_ROTATION_MS,
    logger,
  );
  rotate.start();
  return [sweep, rotate];
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
