import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { HealthImplementation, protoPath } from 'grpc-health-check';
import { checkGrpcHealth } from './health';
import { grpcAddresses, grpcTarget, LOAD_BALANCING_CHANNEL_OPTIONS } from './grpc-target';
import { freePort } from './testing/free-port';

describe('grpcTarget', () => {
  it('passes one address or a dns:/// target through', () => {
    expect(grpcTarget('127.0.0.1:50051')).toBe('127.0.0.1:50051');
    expect(grpcTarget('kyc-session:50051')).toBe('kyc-session:50051');
    expect(grpcTarget('dns:///kyc-session-headless:50051')).toBe('dns:///kyc-session-headless:50051');
  });

  it('turns a list of replicas into an ipv4: target', () => {
    expect(grpcTarget('127.0.0.1:50051, 127.0.0.1:50061')).toBe('ipv4:127.0.0.1:50051,127.0.0.1:50061');
    expect(grpcAddresses('127.0.0.1:50051,127.0.0.1:50061')).toEqual(['127.0.0.1:50051', '127.0.0.1:50061']);
  });

  it('refuses a list of names, which grpc-js cannot resolve as one target', () => {
    expect(() => grpcTarget('a:1,b:2')).toThrow(/dns:\/\/\//);
  });
});

describe('checkGrpcHealth of a list of replicas', () => {
  const servers: grpc.Server[] = [];
  afterAll(() => servers.forEach((server) => server.forceShutdown()));

  async function healthServer(status: 'SERVING' | 'NOT_SERVING'): Promise<string> {
    const server = new grpc.Server();
    new HealthImplementation({ '': status }).addToServer(server);
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
    );
    servers.push(server);
    return `127.0.0.1:${port}`;
  }

  it('is serving when one replica serves, not when none does', async () => {
    const serving = await healthServer('SERVING');
    const draining = await healthServer('NOT_SERVING');
    const closed = `127.0.0.1:${await freePort()}`;
    expect(await checkGrpcHealth(`${draining},${serving}`, 1000)).toBe(true);
    expect(await checkGrpcHealth(`${draining},${closed}`, 1000)).toBe(false);
  });
});

describe('a client of a list of replicas', () => {
  it('spreads its calls round robin over every replica', async () => {
    const definition = grpc.loadPackageDefinition(protoLoader.loadSync(protoPath, { keepCase: true })) as unknown as {
      grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } };
    };
    const Health = definition.grpc.health.v1.Health;
    const calls = [0, 0];
    const servers = await Promise.all(
      calls.map(async (_, replica) => {
        const server = new grpc.Server();
        server.addService(Health.service, {
          check: (_call: unknown, callback: grpc.sendUnaryData<{ status: number }>) => {
            calls[replica] += 1;
            callback(null, { status: 1 });
          },
        });
        const port = await new Promise<number>((resolve, reject) =>
          server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
            error ? reject(error) : resolve(bound),
          ),
        );
        return { server, address: `127.0.0.1:${port}` };
      }),
    );
    const client = new Health(
      grpcTarget(servers.map((s) => s.address).join(',')),
      grpc.credentials.createInsecure(),
      LOAD_BALANCING_CHANNEL_OPTIONS,
    );
    try {
      // Both connections become READY before round robin can alternate; the first calls may go to one.
      await new Promise<void>((resolve, reject) =>
        client.waitForReady(Date.now() + 5000, (e: Error | undefined) => (e ? reject(e) : resolve())),
      );
      for (let i = 0; i < 40; i++) {
        await new Promise((resolve, reject) =>
          client.check({ service: '' }, (e: Error | null, r: unknown) => (e ? reject(e) : resolve(r))),
        );
      }
    } finally {
      client.close();
      servers.forEach(({ server }) => server.forceShutdown());
    }
    expect(calls[0] + calls[1]).toBe(40);
    expect(Math.min(...calls)).toBeGreaterThanOrEqual(10);
  });
});
