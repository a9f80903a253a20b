import { randomUUID } from 'node:crypto';
import { common, type session } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { withServiceDatabase } from '@kyc/testing';
import { createGatewayDataSource } from '../infrastructure/data-source';
import { IdempotencyRepository } from '../infrastructure/idempotency.repository';
import type { ServiceClients } from '../infrastructure/service-clients';
import { ClosedVerificationReads } from '../transport/http/closed-verification-reads';
import type { AuthenticatedRequest } from '../transport/http/principal';
import { SessionsController } from '../transport/http/sessions.controller';

/**
 * POST /v1/sessions with an Idempotency-Key under faults, on the gateway's real schema; the
 * session service is faked at its gRPC port and remembers keys as the real one does.
 */
describe('session creation with an Idempotency-Key under faults', () => {
  const database = withServiceDatabase(createGatewayDataSource);
  let repository: IdempotencyRepository;
  const projectId = randomUUID();
  const request = {
    principal: { projectId, environment: common.ProjectEnvironment.PROJECT_ENVIRONMENT_SANDBOX },
  } as unknown as AuthenticatedRequest;

  /** A session service that makes one session per key, like the real insert; it can lose its answer after the insert. */
  class FakeSessionService {
    readonly made = new Map<string, string>();
    calls = 0;
    loseNextAnswer = false;
    readonly clients = {
      session: {
        createSession: async (input: session.CreateSessionRequest) => {
          this.calls += 1;
          const id = this.made.get(input.idempotencyKey) ?? randomUUID();
          if (input.idempotencyKey) this.made.set(input.idempotencyKey, id);
          if (this.loseNextAnswer) {
            this.loseNextAnswer = false;
            throw new KycError(ErrorCode.SERVICE_UNAVAILABLE, 'deadline exceeded');
          }
          return {
            id,
            status: 'pending',
            embedToken: 't',
            expiresAt: '',
            createdAt: '',
            updatedAt: '',
            widgetUrl: '',
            qrCodeUrl: '',
            allowManualUpload: true,
            testMode: false,
            clientMetadataJson: '{}',
            projectId,
            environment: common.ProjectEnvironment.PROJECT_ENVIRONMENT_SANDBOX,
          };
        },
      },
    } as unknown as ServiceClients;
  }

  beforeAll(() => {
    repository = new IdempotencyRepository(database.dataSource);
  });

  it('a create whose RPC timed out after the insert, retried with its key, answers the same session', async () => {
    const service = new FakeSessionService();
    const controller = new SessionsController(service.clients, repository, new ClosedVerificationReads(0));
    service.loseNextAnswer = true;
    await expect(controller.create(request, { clientMetadata: { ref: 1 } }, 'timeout-key')).rejects.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
    });
    const retried = (await controller.create(request, { clientMetadata: { ref: 1 } }, 'timeout-key')) as { id: string };
    expect(retried.id).toBe(service.made.get('timeout-key'));
    expect(service.made.size).toBe(1);
  });

  it('when recording the answer fails, the created session is still answered and a retry gets the same one', async () => {
    const service = new FakeSessionService();
    const failing = Object.assign(Object.create(repository) as IdempotencyRepository, {
      complete: async () => {
        throw new Error('connection lost');
      },
    });
    const created = (await new SessionsController(service.clients, failing, new ClosedVerificationReads(0)).create(
      request,
      { language: 'de' },
      'complete-fails',
    )) as { id: string };
    expect(created.id).toBe(service.made.get('complete-fails'));
    // The key was released, not left in flight for 24 hours.
    const again = (await new SessionsController(service.clients, repository, new ClosedVerificationReads(0)).create(
      request,
      { language: 'de' },
      'complete-fails',
    )) as { id: string };
    expect(again.id).toBe(created.id);
  });

  it('a key left in flight by a killed gateway is usable again after its lease, by the same request only', async () => {
    expect(await repository.claim(projectId, 'orphan', 'hash-a')).toBe(true);
    expect(await repository.claim(projectId, 'orphan', 'hash-a')).toBe(false);
    await database.dataSource.query(
      `UPDATE gateway.idempotency_keys SET created_at = now() - interval '61 seconds' WHERE idempotency_key = 'orphan'`,
    );
    expect(await repository.claim(projectId, 'orphan', 'hash-b')).toBe(false);
    expect(await repository.claim(projectId, 'orphan', 'hash-a')).toBe(true);
  });
});
