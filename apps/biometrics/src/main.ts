import { runGrpcService } from '@kyc/grpc';
import { BiometricsModule } from './biometrics.module';
import { loadBiometricsConfig } from './config';
import { createBiometricsDataSource } from './infrastructure/data-source';

runGrpcService({ service: 'biometrics', loadConfig: loadBiometricsConfig, createDataSource: createBiometricsDataSource, module: (_config, dataSource) => BiometricsModule.register(dataSource) });
