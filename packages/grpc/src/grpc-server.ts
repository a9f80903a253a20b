import * as grpc from '@grpc/grpc-js';
import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type GrpcOptions, Transport } from '@nestjs/microservices';
import { SERVICE_PROTOS, type ServiceName } from '@kyc/contracts';
import type { Logger } from '@kyc/logger';
import { HealthImplementation, protoPath as healthProtoPath } from 'grpc-health-check';
import { GrpcExceptionFilter } from './grpc-exception.filter';
import { LOADER_OPTIONS, MAX_MESSAGE_BYTES } from './loader-options';

export interface GrpcServerOptions {
  service: ServiceName;
  /** host:port to listen on. */
  url: string;
  logger: Logger;
}

/**
 * Starts a NestJS microservice serving the service's contract plus the standard
 * grpc.health.v1.Health service (SERVING once listening, NOT_SERVING while shutting down), with
 * the error filter installed and SIGINT/SIGTERM closing it cleanly.
 */
export async function startGrpcService(module: Type<unknown> | DynamicModule, options: GrpcServerOptions): Promise<INestMicroservice> {
  const { file, packageName } = SERVICE_PROTOS[options.service];
  const health = new HealthImplementation({ '': 'NOT_SERVING' });
  const grpcOptions: GrpcOptions = {
    transport: Transport.GRPC,
    options: {
      url: options.url,
      package: packageName,
      protoPath: file,
      loader: LOADER_OPTIONS,
      maxReceiveMessageLength: MAX_MESSAGE_BYTES,
      maxSendMessageLength: MAX_MESSAGE_BYTES,
      credentials: grpc.ServerCredentials.createInsecure(),
      onLoadPackageDefinition: (_pkg, server) => health.addToServer(server),
    },
  };
  const app = await NestFactory.createMicroservice<GrpcOptions>(module, { ...grpcOptions, logger: ['error', 'warn'] });
  app.useGlobalFilters(new GrpcExceptionFilter(options.logger));
  app.enableShutdownHooks(['SIGINT', 'SIGTERM']);
  await app.listen();
  health.setStatus('', 'SERVING');
  options.logger.info({ url: options.url, healthProto: healthProtoPath.split('/').pop() }, `${options.service} gRPC service listening`);
  return app;
}
