import { type DynamicModule, Module } from '@nestjs/common';
import type { DataSource } from '@kyc/persistence';
import { SideAnalysisRepository } from './infrastructure/side-analysis.repository';
import { DocumentGrpcController } from './transport/document.grpc-controller';

@Module({})
export class DocumentModule {
  static register(dataSource: DataSource): DynamicModule {
    return { module: DocumentModule, controllers: [DocumentGrpcController], providers: [{ provide: SideAnalysisRepository, useValue: new SideAnalysisRepository(dataSource) }] };
  }
}
