import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { ErrorCode, KycError } from '@kyc/errors';
import { type DataSource, returnedRows } from '@kyc/persistence';
import { HANDOFF_CODE_RETENTION_SECONDS, HANDOFF_CODE_TTL_SECONDS } from '../domain/widget-handoff';

/** 256 random bits: not guessable, so the exchange needs no attempt counter. */
const CODE_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface IssuedHandoff {
  code: string;
  expiresAt: Date;
}

/**
 * One-time hand-off codes in the gateway schema. The row is found by a hash of the code and holds
 * the desktop's embed token sealed (AES-256-GCM) under a key derived from the code, so neither the
 * table nor a backup of it opens a session; opening a code clears the sealed token in the same
 * statement that marks it opened, so two phones racing for one code get one token.
 */
export class WidgetHandoffRepository {
  constructor(private readonly dataSource: DataSource) {}

  async issue(sessionId: string, embedToken: string): Promise<IssuedHandoff> {
    // Codes are issued by people at a QR page, rarely: each issue sweeps the long-lapsed ones (by an index) as it goes.
    await this.purgeLapsed();
    const code = randomBytes(CODE_BYTES).toString('base64url');
    const rows: Array<{ expiresAt: Date }> = await this.dataSource.query(
      `INSERT INTO gateway.widget_handoffs (code_hash, session_id, sealed_token, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING expires_at AS "expiresAt"`,
      [hashOf(code), sessionId, seal(code, embedToken), HANDOFF_CODE_TTL_SECONDS],
    );
    return { code, expiresAt: rows[0].expiresAt };
  }

  /** The session and embed token of an unopened, unexpired code, now marked opened; else KYC_HANDOFF_USED / _INVALID. */
  async open(code: string): Promise<{ sessionId: string; embedToken: string }> {
    const codeHash = hashOf(code);
    const opened = returnedRows<{ sessionId: string; sealed: Buffer }>(
      await this.dataSource.query(
        `UPDATE gateway.widget_handoffs AS h SET opened_at = now(), sealed_token = NULL
       FROM (SELECT code_hash, sealed_token FROM gateway.widget_handoffs
             WHERE code_hash = $1 AND opened_at IS NULL AND expires_at > now() FOR UPDATE) AS before
       WHERE h.code_hash = before.code_hash
       RETURNING h.session_id AS "sessionId", before.sealed_token AS sealed`,
        [codeHash],
      ),
    );
    const row = opened[0];
    if (row) return { sessionId: row.sessionId, embedToken: unseal(code, row.sealed) };
    const known: Array<{ openedAt: Date | null }> = await this.dataSource.query(
      `SELECT opened_at AS "openedAt" FROM gateway.widget_handoffs WHERE code_hash = $1`,
      [codeHash],
    );
    if (known[0]?.openedAt) throw new KycError(ErrorCode.HANDOFF_LINK_USED);
    throw new KycError(ErrorCode.HANDOFF_LINK_INVALID);
  }

  /** When a phone last opened one of the session's codes (null: none yet), for the desktop page's progress. */
  async lastOpenedAt(sessionId: string): Promise<Date | null> {
    const rows: Array<{ openedAt: Date | null }> = await this.dataSource.query(
      `SELECT max(opened_at) AS "openedAt" FROM gateway.widget_handoffs WHERE session_id = $1`,
      [sessionId],
    );
    return rows[0]?.openedAt ?? null;
  }

  async purgeLapsed(): Promise<number> {
    const rows = returnedRows(
      await this.dataSource.query(`DELETE FROM gateway.widget_handoffs WHERE expires_at < now() - make_interval(secs => $1) RETURNING 1`, [
        HANDOFF_CODE_RETENTION_SECONDS,
      ]),
    );
    return rows.length;
  }
}

function hashOf(code: string): string {
  return createHash('sha256').update(`kyc-handoff-id:${code}`).digest('hex');
}

function keyOf(code: string): Buffer {
  return createHash('sha256').update(`kyc-handoff-key:${code}`).digest();
}

function seal(code: string, token: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(code), iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function unseal(code: string, sealed: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', keyOf(code), sealed.subarray(0, IV_BYTES));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
