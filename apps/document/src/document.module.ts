import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from '@kyc/logger';
import type { DataSource } from '@kyc/persistence';
import { DocumentAnalysisService } from './application/document-analysis.service';
import type { DocumentConfig } from './config';
import { ImageCipher } from './infrastructure/image-cipher';
import { SideAnalysisRepository } from './infrastructure/side-analysis.repository';
import { DocumentGrpcController } from './transport/document.grpc-controller';

@Module({})
export class DocumentModule {
  static register(config: DocumentConfig, dataSource: DataSource, logger: Logger): DynamicModule {
    const service = new DocumentAnalysisService(new SideAnalysisRepository(dataSource), new ImageCipher(config.DOCUMENT_ENCRYPTION_KEY), logger);
    return { module: DocumentModule, controllers: [DocumentGrpcController], providers: [{ provide: DocumentAnalysisService, useValue: service }] };
  }
}
