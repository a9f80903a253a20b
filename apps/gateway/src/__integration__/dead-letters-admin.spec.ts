import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEventLogDataSource } from '@kyc/events';
import { createLogger } from '@kyc/logger';
import { withServiceDatabase } from '@kyc/testing';
import type { FastifyInstance } from 'fastify';
import { loadGatewayConfig } from '../config';
import { createHttpServer } from '../http-server';
import { createGatewayDataSource } from '../infrastructure/data-source';

/**
 * /admin/v1/dead-letters through the real HTTP server (guard, error filter, module wiring) on
 * the gateway's schema and the event bus's, in one database as deployed.
 */
describe('admin API: dead letters', () => {
  const database = withServiceDatabase(createGatewayDataSource, createEventLogDataSource);
  const adminToken = `adm_${'t'.repeat(40)}`;
  let app: NestFastifyApplication;
  let http: FastifyInstance;

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token: string | null = adminToken) => {
    const response = await http.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };

  /** A dead letter as a consumer writes it (the consumers' own path is tested in @kyc/events). */
  const deadLetter = async (group: string, topic: string, minutesAgo: number): Promise<string> => {
    const [{ id }] = await database.dataSources[1].query(
      `INSERT INTO eventbus.dead_letters (consumer_group, topic, event_id, event_type, reason, origin, message, last_error, attempts, first_failed_at, last_failed_at, dead_lettered_at)
       VALUES ($1, $2, $3, 'verification.completed', 'handler_failed', 'eventbus.events#7', '\\x0102', 'Error: down', 10, now() - interval '2 hours', now() - make_interval(mins => $4), now() - make_interval(mins => $4))
       RETURNING id`,
      [group, topic, randomUUID(), minutesAgo],
    );
    return id;
  };

  let webhookOld: string;
  let webhookNew: string;
  let billing: string;

  beforeAll(async () => {
    const config = loadGatewayConfig({
      DATABASE_URL: database.url,
      ADMIN_TOKEN: adminToken,
      EMBED_TOKEN_SECRET: 's'.repeat(40),
      LOG_LEVEL: 'silent',
    });
    app = await createHttpServer(config, database.dataSource, createLogger('gateway-test', 'silent'));
    await app.init();
    http = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    await http.ready();
    webhookOld = await deadLetter('webhook', 'kyc.session.events', 30);
    billing = await deadLetter('billing', 'kyc.session.events', 20);
    webhookNew = await deadLetter('webhook', 'kyc.session.events', 10);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('refuses a call without the admin token, in the admin error format', async () => {
    const response = await call('GET', '/admin/v1/dead-letters', undefined, null);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', errorCode: 'UNAUTHENTICATED' });
    expect((await call('POST', `/admin/v1/dead-letters/${webhookOld}/replay`, undefined, 'adm_wrong_token_wrong_token_wrong')).status).toBe(
      401,
    );
  });

  it('lists dead letters newest first, filtered and paged, in camelCase and without the message bytes', async () => {
    const all = await call('GET', '/admin/v1/dead-letters');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    const letters = all.body.deadLetters as Record<string, unknown>[];
    expect(letters.map((l) => l.id)).toEqual([webhookNew, billing, webhookOld]);
    expect(letters[0]).toEqual({
      id: webhookNew,
      group: 'webhook',
      topic: 'kyc.session.events',
      eventId: expect.any(String),
      eventType: 'verification.completed',
      reason: 'handler_failed',
      origin: 'eventbus.events#7',
      lastError: 'Error: down',
      attempts: 10,
      status: 'dead',
      firstFailedAt: expect.any(String),
      lastFailedAt: expect.any(String),
      deadLetteredAt: expect.any(String),
      replayRequestedAt: null,
      replayedAt: null,
    });

    const webhook = await call('GET', '/admin/v1/dead-letters?group=webhook&topic=kyc.session.events&limit=1&offset=1');
    expect(webhook.body.total).toBe(2);
    expect((webhook.body.deadLetters as { id: string }[]).map((l) => l.id)).toEqual([webhookOld]);
    expect((await call('GET', '/admin/v1/dead-letters?group=nobody')).body).toEqual({ deadLetters: [], total: 0 });
  });

  it('refuses a bad page', async () => {
    const response = await call('GET', '/admin/v1/dead-letters?limit=0');
    expect(response.status).toBe(400);
    expect(response.body.errorCode).toBe('VALIDATION_FAILED');
  });

  it('asks the owning group to replay one dead letter', async () => {
    const response = await call('POST', `/admin/v1/dead-letters/${billing}/replay`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: billing,
      group: 'billing',
      status: 'replay_requested',
      replayRequestedAt: expect.any(String),
      replayedAt: null,
    });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const response = await call('POST', `/admin/v1/dead-letters/${id}/replay`);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({
        statusCode: 404,
        error: 'Not Found',
        errorCode: 'NOT_FOUND',
        message: 'Dead letter not found',
      });
    }
  });

  it('asks for the replay of every matching dead letter not requested yet', async () => {
    expect((await call('POST', '/admin/v1/dead-letters/replay', { group: 'webhook', topc: 'typo' })).status).toBe(400);
    expect(await call('POST', '/admin/v1/dead-letters/replay', { group: 'webhook', topic: 'kyc.session.events' })).toEqual({
      status: 200,
      body: { requested: 2 },
    });
    expect(await call('POST', '/admin/v1/dead-letters/replay', {})).toEqual({ status: 200, body: { requested: 0 } });
    const listed = (await call('GET', '/admin/v1/dead-letters')).body.deadLetters as { status: string }[];
    expect(listed.map((l) => l.status)).toEqual(['replay_requested', 'replay_requested', 'replay_requested']);
  });
});
