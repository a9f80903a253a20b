import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { protoPath as healthProtoPath } from 'grpc-health-check';
import { grpcAddresses } from './grpc-target';

type HealthClient = grpc.Client & {
  check(
    request: { service: string },
    metadata: grpc.Metadata,
    options: grpc.CallOptions,
    cb: (e: grpc.ServiceError | null, r: { status: string }) => void,
  ): void;
};

let HealthCtor: grpc.ServiceClientConstructor | undefined;

/**
 * Asks a server's standard grpc.health.v1.Health service; true only for SERVING. A list of replicas
 * (`a:1,b:2`, `npm start -- --replicas N`) is serving when one of them is: calls go round robin to
 * the ready ones.
 */
export async function checkGrpcHealth(address: string, timeoutMs = 1000): Promise<boolean> {
  const replicas = grpcAddresses(address);
  if (replicas.length > 1) return (await Promise.all(replicas.map((one) => checkGrpcHealth(one, timeoutMs)))).some(Boolean);
  if (!HealthCtor) {
    const definition = grpc.loadPackageDefinition(
      protoLoader.loadSync(healthProtoPath, { keepCase: true, enums: String, defaults: true }),
    ) as unknown as {
      grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } };
    };
    HealthCtor = definition.grpc.health.v1.Health;
  }
  const client = new HealthCtor(address, grpc.credentials.createInsecure()) as unknown as HealthClient;
  try {
    return await new Promise<boolean>((resolve) => {
      client.check({ service: '' }, new grpc.Metadata(), { deadline: Date.now() + timeoutMs }, (error, response) =>
        resolve(!error && response?.status === 'SERVING'),
      );
    });
  } finally {
    client.close();
  }
}
