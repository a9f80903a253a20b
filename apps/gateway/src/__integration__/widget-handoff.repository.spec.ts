import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@kyc/errors';
import { withServiceDatabase } from '@kyc/testing';
import { HANDOFF_CODE_RETENTION_SECONDS, HANDOFF_CODE_TTL_SECONDS } from '../domain/widget-handoff';
import { createGatewayDataSource } from '../infrastructure/data-source';
import { WidgetHandoffRepository } from '../infrastructure/widget-handoff.repository';

/** One-time QR hand-off codes against a real PostgreSQL. */
describe('widget hand-off codes (real PostgreSQL)', () => {
  const database = withServiceDatabase(createGatewayDataSource);
  let handoffs: WidgetHandoffRepository;

  beforeAll(() => {
    handoffs = new WidgetHandoffRepository(database.dataSource);
  });

  const token = () => `eyJ.${randomUUID()}.sig`;
  const codeOf = (error: unknown) => (error as { code?: string }).code;

  it('opens a code once, giving back the sealed token; the second open is KYC_HANDOFF_USED', async () => {
    const sessionId = randomUUID();
    const embedToken = token();
    const issued = await handoffs.issue(sessionId, embedToken);
    expect(issued.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued.expiresAt.getTime() - Date.now()).toBeGreaterThan((HANDOFF_CODE_TTL_SECONDS - 60) * 1000);
    expect(await handoffs.lastOpenedAt(sessionId)).toBeNull();

    expect(await handoffs.open(issued.code)).toEqual({ sessionId, embedToken });
    expect(await handoffs.lastOpenedAt(sessionId)).toBeInstanceOf(Date);
    await expect(handoffs.open(issued.code)).rejects.toMatchObject({ code: ErrorCode.HANDOFF_LINK_USED });
  });

  it('stores neither the code nor the token in the clear, and keeps nothing sealed once opened', async () => {
    const sessionId = randomUUID();
    const embedToken = token();
    const issued = await handoffs.issue(sessionId, embedToken);
    const rows: Array<{ codeHash: string; sealed: Buffer }> = await database.dataSource.query(
      `SELECT code_hash AS "codeHash", sealed_token AS sealed FROM gateway.widget_handoffs WHERE session_id = $1`,
      [sessionId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).not.toContain(issued.code);
    expect(rows[0].sealed.toString('latin1')).not.toContain(embedToken);
    await handoffs.open(issued.code);
    const after = await database.dataSource.query(`SELECT sealed_token FROM gateway.widget_handoffs WHERE session_id = $1`, [sessionId]);
    expect(after[0].sealed_token).toBeNull();
  });

  it('gives one of many phones racing for one code the token; the others are told it was used', async () => {
    const sessionId = randomUUID();
    const issued = await handoffs.issue(sessionId, token());
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => handoffs.open(issued.code)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const refused of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) {
      expect(codeOf(refused.reason)).toBe(ErrorCode.HANDOFF_LINK_USED);
    }
  });

  it('refuses a lapsed or unknown code (KYC_HANDOFF_INVALID) and purges codes long lapsed', async () => {
    const sessionId = randomUUID();
    const issued = await handoffs.issue(sessionId, token());
    await database.dataSource.query(`UPDATE gateway.widget_handoffs SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [
      sessionId,
    ]);
    await expect(handoffs.open(issued.code)).rejects.toMatchObject({ code: ErrorCode.HANDOFF_LINK_INVALID });
    await expect(handoffs.open('A'.repeat(43))).rejects.toMatchObject({ code: ErrorCode.HANDOFF_LINK_INVALID });

    await database.dataSource.query(
      `UPDATE gateway.widget_handoffs SET expires_at = now() - make_interval(secs => $2) WHERE session_id = $1`,
      [sessionId, HANDOFF_CODE_RETENTION_SECONDS + 60],
    );
    expect(await handoffs.purgeLapsed()).toBeGreaterThanOrEqual(1);
    expect(await database.dataSource.query(`SELECT 1 FROM gateway.widget_handoffs WHERE session_id = $1`, [sessionId])).toEqual([]);
  });
});
