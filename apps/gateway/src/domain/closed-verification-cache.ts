/**
 * Reads of verifications in a final status. Completed, rejected, superseded and expired sessions
 * never change again (spec part 3, rules 3–5), and integrators poll them; so the gateway answers
 * repeated reads from memory for a few seconds. A clientMetadata update through this gateway
 * drops the entry at once; another replica may serve the old metadata for at most the TTL.
 */
export const FINAL_STATUSES = new Set(['completed', 'rejected', 'superseded', 'expired']);

export class ClosedVerificationCache<T extends { status: string | null }> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  private key(projectId: string, environment: string, sessionId: string): string {
    return `${projectId}/${environment}/${sessionId}`;
  }

  get(projectId: string, environment: string, sessionId: string, now = Date.now()): T | undefined {
    const key = this.key(projectId, environment, sessionId);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps the value only when its status is final. */
  remember(projectId: string, environment: string, sessionId: string, value: T, now = Date.now()): void {
    if (this.ttlMs <= 0 || value.status === null || !FINAL_STATUSES.has(value.status)) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(this.key(projectId, environment, sessionId), { value, expiresAt: now + this.ttlMs });
  }

  forget(projectId: string, environment: string, sessionId: string): void {
    this.entries.delete(this.key(projectId, environment, sessionId));
  }
}
