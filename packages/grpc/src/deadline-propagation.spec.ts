import { Controller, Module } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { type billing, common, type scoring } from '@kyc/contracts';
import { createLogger } from '@kyc/logger';
import { PROPAGATION_MARGIN_MS, callDeadline, withUpstreamDeadline } from './deadline-context';
import { createGrpcClient } from './grpc-client';
import { startGrpcService } from './grpc-server';
import { freePort } from './testing/free-port';

describe(callDeadline.name, () => {
  it('is the call budget without a caller, and never later than the caller minus the margin', () => {
    expect(callDeadline(1_000, 5_000)).toBe(6_000);
    expect(withUpstreamDeadline(5_400, () => callDeadline(1_000, 5_000))).toBe(5_400 - PROPAGATION_MARGIN_MS);
    expect(withUpstreamDeadline(9_000, () => callDeadline(1_000, 5_000))).toBe(6_000);
    expect(withUpstreamDeadline(Infinity, () => callDeadline(1_000, 5_000))).toBe(6_000);
  });
});

/** The downstream hop: records the deadline its caller gave and takes its time. */
const downstream = { deadlines: [] as number[], workMs: 1_500, finished: 0 };

@Controller()
class SlowScoring {
  @GrpcMethod('ScoringService', 'GetPolicy')
  async getPolicy(
    _request: scoring.PolicyRef,
    _metadata: unknown,
    call: { getDeadline(): Date | number },
  ): Promise<Partial<scoring.Policy>> {
    const deadline = call.getDeadline();
    downstream.deadlines.push(deadline instanceof Date ? deadline.getTime() : deadline);
    await new Promise((resolve) => setTimeout(resolve, downstream.workMs));
    downstream.finished += 1;
    return { projectId: 'p', revision: 1 };
  }
}

@Module({ controllers: [SlowScoring] })
class SlowScoringModule {}

/** The middle hop: a service whose handler calls the downstream one with a generous budget of its own. */
let scoringUrl = '';

@Controller()
class ForwardingBilling {
  @GrpcMethod('BillingService', 'AuthorizeSessionCreation')
  async authorize(): Promise<billing.Allowance> {
    const client = createGrpcClient('scoring', scoringUrl, { deadlineMs: 10_000 });
    try {
      await client.getPolicy({ projectId: 'p', environment: common.ProjectEnvironment.PROJECT_ENVIRONMENT_SANDBOX });
      return { allowed: true, trialRemaining: 1, balance: 0 };
    } finally {
      client.close();
    }
  }
}

@Module({ controllers: [ForwardingBilling] })
class ForwardingBillingModule {}

describe('deadline propagation across two hops', () => {
  const logger = createLogger('grpc-test', 'silent');

  it("gives the downstream call the caller's remaining time, not the middle hop's own budget", async () => {
    scoringUrl = `127.0.0.1:${await freePort()}`;
    const billingUrl = `127.0.0.1:${await freePort()}`;
    const scoringService = await startGrpcService(SlowScoringModule, { service: 'scoring', url: scoringUrl, logger });
    const billingService = await startGrpcService(ForwardingBillingModule, { service: 'billing', url: billingUrl, logger });
    const client = createGrpcClient('billing', billingUrl, { deadlineMs: 400 });
    try {
      const started = Date.now();
      await expect(
        client.authorizeSessionCreation({ projectId: 'p', environment: common.ProjectEnvironment.PROJECT_ENVIRONMENT_SANDBOX }),
      ).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(downstream.deadlines).toHaveLength(1);
      // Without propagation the downstream hop would see the middle hop's 10 s.
      expect(downstream.deadlines[0] - started).toBeLessThanOrEqual(400 - PROPAGATION_MARGIN_MS + 50);
    } finally {
      client.close();
      await billingService.app.close();
      await scoringService.app.close();
    }
  });
});
