import { type DynamicModule, Module } from '@nestjs/common';
import type { DataSource } from '@kyc/persistence';
import { DecisionRepository } from './infrastructure/decision.repository';
import { PolicyRepository } from './infrastructure/policy.repository';
import { ScoringGrpcController } from './transport/scoring.grpc-controller';

@Module({})
export class ScoringModule {
  static register(dataSource: DataSource): DynamicModule {
    return {
      module: ScoringModule,
      controllers: [ScoringGrpcController],
      providers: [
        { provide: DecisionRepository, useValue: new DecisionRepository(dataSource) },
        { provide: PolicyRepository, useValue: new PolicyRepository(dataSource) },
      ],
    };
  }
}
