import { markProcessed } from '@kyc/events';
import { type DataSource, type EntityManager, returnedRows } from '@kyc/persistence';
import {
  type AccountBalance,
  type BilledEnvironment,
  type LedgerEntryKind,
  assertCanReserve,
  chargeSource,
} from '../domain/billing-policy';
import { BillingMetrics } from './billing-metrics';

interface AccountRow {
  balance: number;
  trial_remaining: number;
  credit_limit: number;
}

export interface LedgerEntry {
  id: string;
  kind: LedgerEntryKind;
  amount: number;
  source: string | null;
  sessionId: string | null;
  balanceAfter: number | null;
  trialRemainingAfter: number | null;
  creditLimitAfter: number | null;
  createdAt: string;
}

interface LedgerRow {
  id: string;
  kind: LedgerEntryKind;
  amount: number;
  source: string | null;
  session_id: string | null;
  balance_after: number | null;
  trial_remaining_after: number | null;
  credit_limit_after: number | null;
  created_at: Date;
}

type Account = { projectId: string; environment: BilledEnvironment };

/**
 * Balances, charges and the balance history in the billing schema. Every change locks the
 * account row, applies itself and appends a ledger entry with the account as it stood after, in
 * one transaction, so the history always adds up to the balance.
 */
export class BillingRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly trialVerifications: number,
    private readonly metrics: BillingMetrics = new BillingMetrics(),
  ) {}

  private async lockAccount(manager: EntityManager, { projectId, environment }: Account): Promise<AccountBalance> {
    await manager.query(
      `INSERT INTO billing.accounts (project_id, environment, trial_remaining) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [projectId, environment, this.trialVerifications],
    );
    const rows: AccountRow[] = await manager.query(
      `SELECT balance, trial_remaining, credit_limit FROM billing.accounts WHERE project_id = $1 AND environment = $2 FOR UPDATE`,
      [projectId, environment],
    );
    return { balance: rows[0].balance, trialRemaining: rows[0].trial_remaining, creditLimit: rows[0].credit_limit };
  }

  /** Applies `change` to the locked account and records it in the ledger. */
  private async changeAccount(
    manager: EntityManager,
    account: Account,
    entry: { kind: LedgerEntryKind; amount: number; source?: string; sessionId?: string },
    change: (current: AccountBalance) => AccountBalance,
  ): Promise<AccountBalance> {
    const next = change(await this.lockAccount(manager, account));
    await manager.query(
      `UPDATE billing.accounts SET balance = $3, trial_remaining = $4, credit_limit = $5, updated_at = now() WHERE project_id = $1 AND environment = $2`,
      [account.projectId, account.environment, next.balance, next.trialRemaining, next.creditLimit],
    );
    await manager.query(
      `INSERT INTO billing.ledger (project_id, environment, kind, amount, source, session_id, balance_after, trial_remaining_after, credit_limit_after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        account.projectId,
        account.environment,
        entry.kind,
        entry.amount,
        entry.source ?? null,
        entry.sessionId ?? null,
        next.balance,
        next.trialRemaining,
        next.creditLimit,
      ],
    );
    return next;
  }

  getAccount(projectId: string, environment: BilledEnvironment): Promise<AccountBalance> {
    return this.dataSource.transaction((manager) => this.lockAccount(manager, { projectId, environment }));
  }

  /** The account and the units its open sessions hold (read under the account lock). */
  getAccountWithReservations(projectId: string, environment: BilledEnvironment): Promise<AccountBalance & { reserved: number }> {
    return this.dataSource.transaction(async (manager) => {
      const account = { projectId, environment };
      const current = await this.lockAccount(manager, account);
      return { ...current, reserved: await this.openReservations(manager, account) };
    });
  }

  private async openReservations(manager: EntityManager, { projectId, environment }: Account): Promise<number> {
    const rows: { count: number }[] = await manager.query(
      `SELECT count(*)::int AS count FROM billing.session_reservations
        WHERE project_id = $1 AND environment = $2 AND closed_at IS NULL AND hold_until > now()`,
      [projectId, environment],
    );
    return rows[0].count;
  }

  /**
   * Holds one unit for a new session, or refuses (KYC_023/KYC_024). The account lock serialises
   * concurrent creations, so the count of open reservations they check is the one they add to.
   * Idempotent per session: a second call finds the first reservation.
   */
  reserve(
    projectId: string,
    environment: BilledEnvironment,
    sessionId: string,
    holdUntil: Date,
  ): Promise<AccountBalance & { reserved: number }> {
    return this.dataSource.transaction(async (manager) => {
      const account = { projectId, environment };
      const current = await this.lockAccount(manager, account);
      const existing: unknown[] = await manager.query(`SELECT 1 FROM billing.session_reservations WHERE session_id = $1`, [sessionId]);
      if (!existing.length) {
        assertCanReserve(current, await this.openReservations(manager, account));
        await manager.query(
          `INSERT INTO billing.session_reservations (session_id, project_id, environment, hold_until) VALUES ($1, $2, $3, $4)`,
          [sessionId, projectId, environment, holdUntil],
        );
      }
      return { ...current, reserved: await this.openReservations(manager, account) };
    });
  }

  /** Gives back a session's open reservation; false when it held none. */
  async release(sessionId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const released = returnedRows<unknown>(
      await manager.query(
        `UPDATE billing.session_reservations SET closed_at = now(), closed_by = 'release' WHERE session_id = $1 AND closed_at IS NULL RETURNING 1`,
        [sessionId],
      ),
    );
    return released.length > 0;
  }

  /** Releases a session that ended unbilled, once per event. */
  releaseForEvent(eventId: string, sessionId: string): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      if (await markProcessed(manager, 'billing', eventId)) await this.release(sessionId, manager);
    });
  }

  topUp(projectId: string, environment: BilledEnvironment, amount: number): Promise<AccountBalance> {
    return this.dataSource.transaction((manager) =>
      this.changeAccount(manager, { projectId, environment }, { kind: 'top_up', amount }, (current) => ({
        ...current,
        balance: current.balance + amount,
      })),
    );
  }

  setTrial(projectId: string, environment: BilledEnvironment, trialRemaining: number): Promise<AccountBalance> {
    return this.dataSource.transaction((manager) =>
      this.changeAccount(manager, { projectId, environment }, { kind: 'trial_set', amount: trialRemaining }, (current) => ({
        ...current,
        trialRemaining,
      })),
    );
  }

  setCreditLimit(projectId: string, environment: BilledEnvironment, creditLimit: number): Promise<AccountBalance> {
    return this.dataSource.transaction((manager) =>
      this.changeAccount(manager, { projectId, environment }, { kind: 'credit_limit_set', amount: creditLimit }, (current) => ({
        ...current,
        creditLimit,
      })),
    );
  }

  /** Newest first; `before` is the id of the last entry of the previous page. */
  async history(projectId: string, environment: BilledEnvironment, limit: number, before?: string): Promise<LedgerEntry[]> {
    const rows: LedgerRow[] = await this.dataSource.query(
      `SELECT id, kind, amount, source, session_id, balance_after, trial_remaining_after, credit_limit_after, created_at
         FROM billing.ledger WHERE project_id = $1 AND environment = $2 AND ($3::bigint IS NULL OR id < $3::bigint)
        ORDER BY id DESC LIMIT $4`,
      [projectId, environment, before ?? null, limit],
    );
    return rows.map((row) => ({
      id: String(row.id),
      kind: row.kind,
      amount: row.amount,
      source: row.source,
      sessionId: row.session_id,
      balanceAfter: row.balance_after,
      trialRemainingAfter: row.trial_remaining_after,
      creditLimitAfter: row.credit_limit_after,
      createdAt: row.created_at.toISOString(),
    }));
  }

  /** One charge per session: a second call returns the first charge. */
  async chargeSession(
    projectId: string,
    environment: BilledEnvironment,
    sessionId: string,
  ): Promise<{ id: string; source: string; alreadyCharged: boolean }> {
    const charge = await this.dataSource.transaction((manager) => this.chargeIn(manager, { projectId, environment }, sessionId));
    if (!charge.alreadyCharged) this.metrics.countCharge(environment, charge.source);
    return charge;
  }

  /** Charges a completed session once per event: the event id is recorded in the same transaction. */
  async chargeForEvent(eventId: string, projectId: string, environment: BilledEnvironment, sessionId: string): Promise<void> {
    const charge = await this.dataSource.transaction(async (manager) =>
      (await markProcessed(manager, 'billing', eventId)) ? this.chargeIn(manager, { projectId, environment }, sessionId) : null,
    );
    if (charge && !charge.alreadyCharged) this.metrics.countCharge(environment, charge.source);
  }

  private async chargeIn(
    manager: EntityManager,
    account: Account,
    sessionId: string,
  ): Promise<{ id: string; source: string; alreadyCharged: boolean }> {
    // The account lock comes first so two charges of one session serialise on it.
    const current = await this.lockAccount(manager, account);
    const existing: { id: string; source: string }[] = await manager.query(`SELECT id, source FROM billing.charges WHERE session_id = $1`, [
      sessionId,
    ]);
    if (existing.length) return { ...existing[0], alreadyCharged: true };
    const source = chargeSource(current);
    await this.changeAccount(manager, account, { kind: 'charge', amount: -1, source, sessionId }, (locked) =>
      source === 'trial' ? { ...locked, trialRemaining: locked.trialRemaining - 1 } : { ...locked, balance: locked.balance - 1 },
    );
    const inserted: { id: string }[] = await manager.query(
      `INSERT INTO billing.charges (project_id, environment, session_id, source) VALUES ($1, $2, $3, $4) RETURNING id`,
      [account.projectId, account.environment, sessionId, source],
    );
    // The charge takes the unit the session held since its creation (sessions made before
    // reservations existed hold none).
    await manager.query(
      `UPDATE billing.session_reservations SET closed_at = now(), closed_by = 'charge' WHERE session_id = $1 AND closed_at IS NULL`,
      [sessionId],
    );
    return { id: inserted[0].id, source, alreadyCharged: false };
  }
}
