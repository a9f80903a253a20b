import type { AddressInfo } from 'node:net';
import { Controller, Module } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { type billing, common } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { createLogger } from '@kyc/logger';
import { startMetricsListener } from '@kyc/metrics';
import { createGrpcClient } from './grpc-client';
import { startGrpcService } from './grpc-server';
import { checkGrpcHealth } from './health';
import { freePort } from './testing/free-port';

/** Allows project `known`; any other project is not found, as a domain error through the real error filter. */
@Controller()
class Billing {
  @GrpcMethod('BillingService', 'AuthorizeSessionCreation')
  async authorize({ projectId }: billing.AuthorizeSessionCreationRequest): Promise<billing.Allowance> {
    if (projectId !== 'known') throw new KycError(ErrorCode.SESSION_NOT_FOUND);
    await new Promise((resolve) => setTimeout(resolve, 30));
    return { allowed: true, trialRemaining: 7, balance: 0 };
  }
}

@Module({ controllers: [Billing] })
class BillingModule {}

/** The value of one sample line of the exposition text; undefined when the series is absent. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('RPC metrics of a service started through @kyc/grpc', () => {
  it('counts each call by method and gRPC status and times it, as scraped from /metrics', async () => {
    const url = `127.0.0.1:${await freePort()}`;
    const running = await startGrpcService(BillingModule, { service: 'billing', url, logger: createLogger('grpc-test', 'silent') });
    const client = createGrpcClient('billing', url, { deadlineMs: 5_000 });
    const scrapeListener = await startMetricsListener({ port: 0, host: '127.0.0.1' });
    try {
      const environment = common.ProjectEnvironment.PROJECT_ENVIRONMENT_SANDBOX;
      await expect(client.authorizeSessionCreation({ projectId: 'known', environment })).resolves.toMatchObject({ allowed: true });
      await expect(client.authorizeSessionCreation({ projectId: 'known', environment })).resolves.toMatchObject({ allowed: true });
      await expect(client.authorizeSessionCreation({ projectId: 'unknown', environment })).rejects.toMatchObject({
        code: ErrorCode.SESSION_NOT_FOUND,
      });
      expect(await checkGrpcHealth(url)).toBe(true);

      const response = await fetch(`http://127.0.0.1:${(scrapeListener.address() as AddressInfo).port}/metrics`);
      const text = await response.text();
      const method = 'grpc_service="kyc.billing.v1.BillingService",grpc_method="AuthorizeSessionCreation"';
      expect(sample(text, `grpc_server_handled_total{${method},grpc_code="OK"}`)).toBe(2);
      expect(sample(text, `grpc_server_handled_total{${method},grpc_code="NOT_FOUND"}`)).toBe(1);
      expect(sample(text, `grpc_server_handling_seconds_count{${method}}`)).toBe(3);
      // Two calls waited 30 ms each: the sum says the clock runs around the handler, not just the callback.
      expect(sample(text, `grpc_server_handling_seconds_sum{${method}}`)).toBeGreaterThanOrEqual(0.06);
      expect(sample(text, `grpc_server_handling_seconds_bucket{le="+Inf",${method}}`)).toBe(3);
      // The health service is registered on the same server, so it is measured the same way.
      expect(sample(text, 'grpc_server_handled_total{grpc_service="grpc.health.v1.Health",grpc_method="Check",grpc_code="OK"}')).toBe(1);
    } finally {
      client.close();
      await new Promise((resolve) => scrapeListener.close(resolve));
      await running.app.close();
    }
  });
});
