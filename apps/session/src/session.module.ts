import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from '@kyc/logger';
import type { DataSource } from '@kyc/persistence';
import { CreateSessionUseCase } from './application/create-session.usecase';
import { ReviewSessionUseCase } from './application/review-session.usecase';
import { SessionQueries } from './application/session-queries.usecase';
import { SubmitVerificationUseCase } from './application/submit-verification.usecase';
import { TenancyUseCases } from './application/tenancy.usecases';
import { UploadDocumentUseCase } from './application/upload-document.usecase';
import { UploadFaceUseCase } from './application/upload-face.usecase';
import type { SessionConfig } from './config';
import { EmbedTokenIssuer } from './infrastructure/embed-token';
import type { ServiceClients } from './infrastructure/service-clients';
import { SessionRepository } from './infrastructure/session.repository';
import { TenancyRepository } from './infrastructure/tenancy.repository';
import { SessionGrpcController, SessionUseCases } from './transport/session.grpc-controller';

/** Wires the use cases by hand (explicit constructor injection); Nest only hosts the controller. */
export function buildSessionUseCases(config: SessionConfig, dataSource: DataSource, clients: ServiceClients, logger: Logger): SessionUseCases {
  const sessions = new SessionRepository(dataSource);
  const tenancy = new TenancyRepository(dataSource);
  return new SessionUseCases(
    new CreateSessionUseCase(sessions, tenancy, clients, new EmbedTokenIssuer(config.EMBED_TOKEN_SECRET), config),
    new UploadDocumentUseCase(sessions, clients),
    new UploadFaceUseCase(sessions, clients),
    new SubmitVerificationUseCase(sessions, clients, logger),
    new SessionQueries(sessions, tenancy, config),
    new TenancyUseCases(tenancy),
    tenancy,
    new ReviewSessionUseCase(sessions, logger),
  );
}

@Module({})
export class SessionModule {
  static register(useCases: SessionUseCases): DynamicModule {
    return { module: SessionModule, controllers: [SessionGrpcController], providers: [{ provide: SessionUseCases, useValue: useCases }] };
  }
}
