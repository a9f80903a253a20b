import { type DynamicModule, Module } from '@nestjs/common';
import { AdmissionGate } from '@kyc/grpc';
import type { DataSource } from '@kyc/persistence';
import { FaceMatchService, type PortraitSource } from './application/face-match.service';
import type { EmbeddingCipher } from './infrastructure/embedding-cipher';
import { SelfieRepository } from './infrastructure/selfie.repository';
import { BiometricsGrpcController } from './transport/biometrics.grpc-controller';

@Module({})
export class BiometricsModule {
  static register(dataSource: DataSource, embeddings: EmbeddingCipher, portraits: PortraitSource, admission: AdmissionGate): DynamicModule {
    const selfies = new SelfieRepository(dataSource, embeddings);
    return {
      module: BiometricsModule,
      controllers: [BiometricsGrpcController],
      providers: [
        { provide: SelfieRepository, useValue: selfies },
        { provide: FaceMatchService, useValue: new FaceMatchService(selfies, portraits) },
        { provide: AdmissionGate, useValue: admission },
      ],
    };
  }
}
