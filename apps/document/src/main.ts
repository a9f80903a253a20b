import { runGrpcService } from '@kyc/grpc';
import { loadDocumentConfig } from './config';
import { DocumentModule, startDocumentBackgroundWork } from './document.module';
import { createDocumentDataSource } from './infrastructure/data-source';

runGrpcService({
  service: 'document',
  loadConfig: loadDocumentConfig,
  createDataSource: createDocumentDataSource,
  module: (config, dataSource, logger) => DocumentModule.register(config, dataSource, logger),
  afterStart: startDocumentBackgroundWork,
});
