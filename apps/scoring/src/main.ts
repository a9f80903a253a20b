import { runGrpcService } from '@kyc/grpc';
import { loadScoringConfig } from './config';
import { createScoringDataSource } from './infrastructure/data-source';
import { ScoringModule } from './scoring.module';

runGrpcService({
  service: 'scoring',
  loadConfig: loadScoringConfig,
  createDataSource: createScoringDataSource,
  module: (_config, dataSource) => ScoringModule.register(dataSource),
});
