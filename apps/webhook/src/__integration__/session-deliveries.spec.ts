import { randomUUID } from 'node:crypto';
import { withServiceDatabase } from '@kyc/testing';
import { createWebhookDataSource } from '../infrastructure/data-source';
import { DeliveryRepository } from '../infrastructure/delivery.repository';

/** A session's deliveries for its history (the reviewer's case view), on a real PostgreSQL. */
describe("a session's webhook deliveries (real PostgreSQL)", () => {
  const database = withServiceDatabase(createWebhookDataSource);

  async function delivery(projectId: string, sessionId: string, type: string, secondsAgo: number): Promise<string> {
    const [{ id }] = await database.dataSource.query(
      `INSERT INTO webhook.deliveries (event_id, project_id, environment, session_id, event_type, body, status, next_attempt_at, created_at)
       VALUES ($1, $2, 'sandbox', $3, $4, '{}', 'pending', now(), now() - make_interval(secs => $5)) RETURNING id`,
      [randomUUID(), projectId, sessionId, type, secondsAgo],
    );
    return id;
  }

  it("lists a session's deliveries oldest first, of its project only, and answers an id that is no uuid with none", async () => {
    const projectId = randomUUID();
    const sessionId = randomUUID();
    const first = await delivery(projectId, sessionId, 'verification.updated', 20);
    const second = await delivery(projectId, sessionId, 'verification.completed', 10);
    await delivery(projectId, randomUUID(), 'verification.completed', 5);
    await delivery(randomUUID(), sessionId, 'verification.completed', 5);
    const repository = new DeliveryRepository(database.dataSource);

    const listed = await repository.listForSession(projectId, sessionId);
    expect(listed.map((d) => [d.id, d.type])).toEqual([
      [first, 'verification.updated'],
      [second, 'verification.completed'],
    ]);
    await expect(repository.listForSession(projectId, 'not-a-session')).resolves.toEqual([]);
    await expect(repository.listForSession('not-a-project', sessionId)).resolves.toEqual([]);
  });

  it('reads them through deliveries_session_idx, not a scan of every delivery', async () => {
    // The statement listForSession sends, as it sends it.
    const query = jest.spyOn(database.dataSource, 'query');
    await new DeliveryRepository(database.dataSource).listForSession(randomUUID(), randomUUID());
    const [sql, params] = query.mock.calls[0] as [string, unknown[]];
    query.mockRestore();
    const runner = database.dataSource.createQueryRunner();
    try {
      // The table is tiny here, so the planner would scan it anyway: with scans priced out it must still find an index path.
      await runner.query('SET enable_seqscan = off');
      const [{ 'QUERY PLAN': plan }] = await runner.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      expect(JSON.stringify(plan)).toContain('deliveries_session_idx');
    } finally {
      await runner.query('RESET enable_seqscan');
      await runner.release();
    }
  });
});
