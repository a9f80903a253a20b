import type { DataSource } from '@kyc/persistence';
import type { DashboardSessionPolicy } from '../domain/dashboard-session';

export interface StoredDashboardSession {
  operatorId: string;
  expiresAt: Date;
}

/**
 * gateway.dashboard_sessions: sessions by the digest of their id. Every time is the database's
 * clock, so replicas agree on expiry.
 */
export class DashboardSessionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Starts a session; sign-ins are rare, so each one also deletes the sessions that ended. */
  async create(digest: Buffer, operatorId: string, policy: DashboardSessionPolicy): Promise<StoredDashboardSession> {
    const [row] = (await this.dataSource.query(
      `INSERT INTO gateway.dashboard_sessions (id_digest, operator_id, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3))
       RETURNING operator_id AS "operatorId", expires_at AS "expiresAt"`,
      [digest, operatorId, policy.absoluteSeconds],
    )) as StoredDashboardSession[];
    await this.dataSource.query(
      `DELETE FROM gateway.dashboard_sessions WHERE expires_at <= now() OR last_seen_at <= now() - make_interval(secs => $1)`,
      [policy.idleSeconds],
    );
    return row;
  }

  /** The live session with this digest, its idle clock restarted (sliding); null when unknown, idle too long or past its end. */
  async use(digest: Buffer, policy: DashboardSessionPolicy): Promise<StoredDashboardSession | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE gateway.dashboard_sessions SET last_seen_at = now()
        WHERE id_digest = $1 AND expires_at > now() AND last_seen_at > now() - make_interval(secs => $2)
        RETURNING operator_id AS "operatorId", expires_at AS "expiresAt"`,
      [digest, policy.idleSeconds],
    )) as [StoredDashboardSession[], number];
    return rows[0] ?? null;
  }

  async delete(digest: Buffer): Promise<void> {
    await this.dataSource.query(`DELETE FROM gateway.dashboard_sessions WHERE id_digest = $1`, [digest]);
  }
}
