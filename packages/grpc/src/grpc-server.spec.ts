import { Controller, Module } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { type billing, common } from '@kyc/contracts';
import { createLogger } from '@kyc/logger';
import { createGrpcClient } from './grpc-client';
import { startGrpcService } from './grpc-server';
import { checkGrpcHealth } from './health';
import { freePort } from './testing/free-port';

/** A service whose one RPC takes as long as the test says, to have calls in flight during a drain. */
let answerAfterMs = 0;

@Controller()
class SlowBilling {
  @GrpcMethod('BillingService', 'AuthorizeSessionCreation')
  async authorize(): Promise<billing.Allowance> {
    await new Promise((resolve) => setTimeout(resolve, answerAfterMs));
    return { allowed: true, trialRemaining: 7, balance: 0 };
  }
}

@Module({ controllers: [SlowBilling] })
class SlowBillingModule {}

describe('draining a gRPC service (graceful shutdown)', () => {
  const logger = createLogger('grpc-test', 'silent');

  it('turns health NOT_SERVING, refuses new calls and lets the call in flight finish', async () => {
    const url = `127.0.0.1:${await freePort()}`;
    const running = await startGrpcService(SlowBillingModule, { service: 'billing', url, logger });
    const client = createGrpcClient('billing', url, { deadlineMs: 5_000 });
    try {
      expect(await checkGrpcHealth(url)).toBe(true);
      answerAfterMs = 600;
      const inFlight = client.authorizeSessionCreation({
        projectId: 'p',
        environment: common.ProjectEnvironment.PROJECT_ENVIRONMENT_SANDBOX,
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const drained = running.drain(5_000);
      await expect(inFlight).resolves.toMatchObject({ allowed: true, trialRemaining: 7 });
      expect(await drained).toEqual({ forced: false });
      expect(await checkGrpcHealth(url)).toBe(false);
      await expect(
        client.authorizeSessionCreation(
          { projectId: 'p', environment: common.ProjectEnvironment.PROJECT_ENVIRONMENT_SANDBOX },
          { deadlineMs: 500 },
        ),
      ).rejects.toBeDefined();
    } finally {
      client.close();
      await running.app.close();
    }
  });

  it('cuts calls still running when the drain times out', async () => {
    const url = `127.0.0.1:${await freePort()}`;
    const running = await startGrpcService(SlowBillingModule, { service: 'billing', url, logger });
    const client = createGrpcClient('billing', url, { deadlineMs: 10_000 });
    try {
      answerAfterMs = 5_000;
      const inFlight = client.authorizeSessionCreation({
        projectId: 'p',
        environment: common.ProjectEnvironment.PROJECT_ENVIRONMENT_SANDBOX,
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await running.drain(300)).toEqual({ forced: true });
      await expect(inFlight).rejects.toBeDefined();
    } finally {
      client.close();
      await running.app.close();
    }
  });
});
