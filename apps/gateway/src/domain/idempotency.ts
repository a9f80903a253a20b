import { createHash } from 'node:crypto';

/** Idempotency keys are kept 24 hours, scoped to the project (spec 4.1, part 8). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/**
 * A key in flight longer than this was left by a gateway that died mid-request (a create's RPC
 * deadline is far shorter); the same request may take it over.
 */
export const IDEMPOTENCY_IN_FLIGHT_LEASE_MS = 60_000;

export interface StoredIdempotencyRecord {
  requestHash: string;
  state: 'in_flight' | 'completed';
  createdAt: Date;
  responseStatus: number | null;
  responseBody: unknown;
}

export type IdempotencyDecision =
  { kind: 'proceed' } | { kind: 'replay'; status: number; body: unknown } | { kind: 'in_flight' } | { kind: 'mismatch' };

/** A stable digest of what was asked, so a key reused with another body is caught. */
export function fingerprintRequest(environment: string, body: unknown): string {
  return createHash('sha256')
    .update(environment)
    .update('\0')
    .update(stableStringify(body ?? {}))
    .digest('hex');
}

/** What to do with a request whose key already has a record (stale records are replaced). */
export function decide(existing: StoredIdempotencyRecord | null, requestHash: string, now: Date): IdempotencyDecision {
  if (!existing || now.getTime() - existing.createdAt.getTime() > IDEMPOTENCY_RETENTION_MS) return { kind: 'proceed' };
  if (existing.requestHash !== requestHash) return { kind: 'mismatch' };
  if (existing.state === 'in_flight') return { kind: 'in_flight' };
  return { kind: 'replay', status: existing.responseStatus ?? 200, body: existing.responseBody };
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableStringify((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
