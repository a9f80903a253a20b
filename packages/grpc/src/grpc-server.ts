import * as grpc from '@grpc/grpc-js';
import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type GrpcOptions, Transport } from '@nestjs/microservices';
import { SERVICE_PROTOS, type ServiceName } from '@kyc/contracts';
import type { Logger } from '@kyc/logger';
import { HealthImplementation, protoPath as healthProtoPath } from 'grpc-health-check';
import { UpstreamDeadlineInterceptor } from './deadline-context';
import { GrpcExceptionFilter } from './grpc-exception.filter';
import { LOADER_OPTIONS, MAX_MESSAGE_BYTES } from './loader-options';
import { measureGrpcServer } from './server-metrics';
import { type ServiceTokenVerifier, guardGrpcServer } from './service-identity';

/** A running service: `drain` stops taking RPCs and waits for those in flight (bounded), then the app closes. */
export interface RunningGrpcService {
  app: INestMicroservice;
  drain(timeoutMs: number): Promise<{ forced: boolean }>;
}

export interface GrpcServerOptions {
  service: ServiceName;
  /** host:port to listen on. */
  url: string;
  logger: Logger;
  /** Checks every call's service token and the allow-list before the handler (health excepted); runGrpcService always sets it. */
  identity?: ServiceTokenVerifier;
}

/**
 * Starts a NestJS microservice serving the service's contract plus the standard
 * grpc.health.v1.Health service (SERVING once listening, NOT_SERVING from the start of a drain),
 * with the error filter installed and every RPC measured (server-metrics.ts). Signals are the caller's (service-main.ts orders the shutdown).
 */
export async function startGrpcService(module: Type<unknown> | DynamicModule, options: GrpcServerOptions): Promise<RunningGrpcService> {
  const { file, packageName } = SERVICE_PROTOS[options.service];
  const health = new HealthImplementation({ '': 'NOT_SERVING' });
  let server: grpc.Server | undefined;
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
      gracefulShutdown: true,
      // Clients find new replicas only when they resolve their target again (a dns:/// target over a
      // headless Service: one address per pod); a connection closed after 5 minutes (GOAWAY, calls in
      // flight finish) makes them re-resolve, so a scaled-up pod gets calls within minutes.
      channelOptions: { 'grpc.max_connection_age_ms': 300_000 },
      onLoadPackageDefinition: (_pkg, grpcServer) => {
        server = grpcServer as grpc.Server;
        // Before any service is added, so every method (health checks included) is measured.
        measureGrpcServer(server);
        if (options.identity) guardGrpcServer(server, options.identity, options.logger);
        health.addToServer(grpcServer);
      },
    },
  };
  const app = await NestFactory.createMicroservice<GrpcOptions>(module, { ...grpcOptions, logger: ['error', 'warn'] });
  app.useGlobalFilters(new GrpcExceptionFilter(options.logger));
  app.useGlobalInterceptors(new UpstreamDeadlineInterceptor());
  await app.listen();
  health.setStatus('', 'SERVING');
  options.logger.info({ url: options.url, healthProto: healthProtoPath.split('/').pop() }, `${options.service} gRPC service listening`);
  const drain = async (timeoutMs: number): Promise<{ forced: boolean }> => {
    health.setStatus('', 'NOT_SERVING');
    const grpcServer = server;
    if (!grpcServer) return { forced: false };
    // tryShutdown refuses new calls at once and answers when the calls in flight have finished.
    const drained = new Promise<boolean>((resolve) => grpcServer.tryShutdown(() => resolve(false)));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)));
    const forced = await Promise.race([drained, timedOut]);
    clearTimeout(timer);
    if (forced) grpcServer.forceShutdown();
    return { forced };
  };
  return { app, drain };
}
