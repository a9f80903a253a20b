import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import {
  SERVICE_PROTOS,
  type ServiceName,
  type billing,
  type biometrics,
  type document,
  type scoring,
  type session,
  type webhook,
} from '@kyc/contracts';
import { fromGrpcError } from '@kyc/errors/grpc';
import type { Observable } from 'rxjs';
import { callDeadline } from './deadline-context';
import { grpcTarget, LOAD_BALANCING_CHANNEL_OPTIONS } from './grpc-target';
import { LOADER_OPTIONS, MAX_MESSAGE_BYTES } from './loader-options';
import { type ServiceTokenSigner, signedMetadata } from './service-identity';

/**
 * A ts-proto `FooServiceClient` (Observable-returning) seen as promises: renaming an RPC in
 * proto/ breaks every caller at compile time.
 */
export type PromiseClient<T> = {
  [K in keyof T]: T[K] extends (request: infer Req) => Observable<infer Res>
    ? (request: Req, options?: CallOptions) => Promise<Res>
    : never;
};

/**
 * The ts-proto client of each service, by its name in SERVICE_PROTOS: `createGrpcClient('document', …)`
 * is a document client, and no name can be paired with another service's client type
 * (grpc-client.types.spec.ts).
 */
export interface ServiceClientTypes {
  session: session.SessionServiceClient;
  document: document.DocumentServiceClient;
  biometrics: biometrics.BiometricsServiceClient;
  scoring: scoring.ScoringServiceClient;
  billing: billing.BillingServiceClient;
  webhook: webhook.WebhookServiceClient;
}

/** What createGrpcClient answers for a service (a service missing from ServiceClientTypes fails to compile here). */
export type GrpcClient<S extends ServiceName> = PromiseClient<ServiceClientTypes[S]> & { close(): void };

export interface CallOptions {
  /** Overrides the client's default deadline for this call. */
  deadlineMs?: number;
}

export interface GrpcClientOptions {
  /** Every call carries a deadline; this is the default for the client. */
  deadlineMs: number;
  /** Signs every call as this process's service (service-identity.ts); without it calls carry no token and are refused. */
  identity?: ServiceTokenSigner;
}

type UnaryMethod = (
  request: unknown,
  metadata: grpc.Metadata,
  options: grpc.CallOptions,
  callback: (error: grpc.ServiceError | null, response: unknown) => void,
) => void;

const constructors = new Map<ServiceName, grpc.ServiceClientConstructor>();

function clientConstructor(service: ServiceName): grpc.ServiceClientConstructor {
  let ctor = constructors.get(service);
  if (!ctor) {
    const { file, packageName, serviceName } = SERVICE_PROTOS[service];
    const definition = grpc.loadPackageDefinition(protoLoader.loadSync(file, LOADER_OPTIONS));
    const found = `${packageName}.${serviceName}`
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], definition);
    ctor = found as grpc.ServiceClientConstructor;
    constructors.set(service, ctor);
  }
  return ctor;
}

/**
 * The one way services call each other: a typed promise client with a deadline on every call.
 * Failures arrive as KycError (the callee's code when it sent one, SERVICE_UNAVAILABLE when the
 * callee could not be reached in time).
 */
export function createGrpcClient<S extends ServiceName>(service: S, address: string, options: GrpcClientOptions): GrpcClient<S> {
  const Ctor = clientConstructor(service);
  const raw = new Ctor(grpcTarget(address), grpc.credentials.createInsecure(), {
    ...LOAD_BALANCING_CHANNEL_OPTIONS,
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
  }) as unknown as grpc.Client & Record<string, UnaryMethod>;
  const methods: Record<string, unknown> = { close: () => raw.close() };
  for (const [name, attrs] of Object.entries(Ctor.service)) {
    const methodName = attrs.originalName ?? name;
    methods[methodName] = async (request: unknown, callOptions?: CallOptions) => {
      const metadata = await signedMetadata(options.identity, service);
      return new Promise((resolve, reject) => {
        const deadline = callDeadline(callOptions?.deadlineMs ?? options.deadlineMs);
        raw[methodName].call(raw, request, metadata, { deadline }, (error, response) => {
          if (error) reject(fromGrpcError(error));
          else resolve(response);
        });
      });
    };
  }
  return methods as GrpcClient<S>;
}
