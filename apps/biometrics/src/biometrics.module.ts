import { type DynamicModule, Module } from '@nestjs/common';
import type { DataSource } from '@kyc/persistence';
import { SelfieRepository } from './infrastructure/selfie.repository';
import { BiometricsGrpcController } from './transport/biometrics.grpc-controller';

@Module({})
export class BiometricsModule {
  static register(dataSource: DataSource): DynamicModule {
    return { module: BiometricsModule, controllers: [BiometricsGrpcController], providers: [{ provide: SelfieRepository, useValue: new SelfieRepository(dataSource) }] };
  }
}
