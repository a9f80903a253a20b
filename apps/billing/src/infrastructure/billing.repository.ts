import { markProcessed } from '@kyc/events';
import type { DataSource, EntityManager } from '@kyc/persistence';
import { type AccountBalance, type BilledEnvironment, chargeSource } from '../domain/billing-policy';

interface AccountRow {
  balance: number;
  trial_remaining: number;
}

/** Balances and charges in the billing schema. Row locks keep concurrent charges consistent. */
export class BillingRepository {
  constructor(private readonly dataSource: DataSource, private readonly trialVerifications: number) {}

  private async lockAccount(manager: EntityManager, projectId: string, environment: BilledEnvironment): Promise<AccountBalance> {
    await manager.query(
      `INSERT INTO billing.accounts (project_id, environment, trial_remaining) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [projectId, environment, this.trialVerifications],
    );
    const rows: AccountRow[] = await manager.query(
      `SELECT balance, trial_remaining FROM billing.accounts WHERE project_id = $1 AND environment = $2 FOR UPDATE`,
      [projectId, environment],
    );
    return { balance: rows[0].balance, trialRemaining: rows[0].trial_remaining };
  }

  getAccount(projectId: string, environment: BilledEnvironment): Promise<AccountBalance> {
    return this.dataSource.transaction((manager) => this.lockAccount(manager, projectId, environment));
  }

  topUp(projectId: string, environment: BilledEnvironment, amount: number): Promise<AccountBalance> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockAccount(manager, projectId, environment);
      await manager.query(`INSERT INTO billing.top_ups (project_id, environment, amount) VALUES ($1, $2, $3)`, [projectId, environment, amount]);
      await manager.query(`UPDATE billing.accounts SET balance = balance + $3, updated_at = now() WHERE project_id = $1 AND environment = $2`, [projectId, environment, amount]);
      return this.lockAccount(manager, projectId, environment);
    });
  }

  /** One charge per session: a second call returns the first charge. */
  chargeSession(projectId: string, environment: BilledEnvironment, sessionId: string): Promise<{ id: string; source: string; alreadyCharged: boolean }> {
    return this.dataSource.transaction((manager) => this.chargeIn(manager, projectId, environment, sessionId));
  }

  /** Charges a completed session once per event: the event id is recorded in the same transaction. */
  chargeForEvent(eventId: string, projectId: string, environment: BilledEnvironment, sessionId: string): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      if (await markProcessed(manager, 'billing', eventId)) await this.chargeIn(manager, projectId, environment, sessionId);
    });
  }

  private async chargeIn(manager: EntityManager, projectId: string, environment: BilledEnvironment, sessionId: string): Promise<{ id: string; source: string; alreadyCharged: boolean }> {
    const account = await this.lockAccount(manager, projectId, environment);
    const existing: { id: string; source: string }[] = await manager.query(`SELECT id, source FROM billing.charges WHERE session_id = $1`, [sessionId]);
    if (existing.length) return { ...existing[0], alreadyCharged: true };
    // The session completed, so it is recorded even when nothing is left to pay with.
    const source = chargeSource(account) ?? 'unpaid';
    if (source !== 'unpaid') {
      const column = source === 'trial' ? 'trial_remaining' : 'balance';
      await manager.query(`UPDATE billing.accounts SET ${column} = ${column} - 1, updated_at = now() WHERE project_id = $1 AND environment = $2`, [projectId, environment]);
    }
    const inserted: { id: string }[] = await manager.query(
      `INSERT INTO billing.charges (project_id, environment, session_id, source) VALUES ($1, $2, $3, $4) RETURNING id`,
      [projectId, environment, sessionId, source],
    );
    return { id: inserted[0].id, source, alreadyCharged: false };
  }
}
