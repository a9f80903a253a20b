/**
 * Delays between delivery attempts: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h, 24 h — nine
 * attempts over about 2.9 days, then the delivery is marked failed. WEBHOOK_RETRY_SCHEDULE_MS
 * replaces it (comma-separated milliseconds).
 */
export const DEFAULT_RETRY_SCHEDULE_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000, 86_400_000];

export function parseRetrySchedule(value: string | undefined): number[] {
  if (!value?.trim()) return DEFAULT_RETRY_SCHEDULE_MS;
  const delays = value.split(',').map((part) => Number(part.trim()));
  if (delays.some((d) => !Number.isInteger(d) || d < 0))
    throw new Error('WEBHOOK_RETRY_SCHEDULE_MS must be comma-separated whole milliseconds');
  return delays;
}

/** When to try again after `failedAttempts` failures, or null when the schedule is used up. ±10 % jitter spreads retries. */
export function nextAttemptDelay(schedule: readonly number[], failedAttempts: number, random: () => number = Math.random): number | null {
  const base = schedule[failedAttempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (0.9 + 0.2 * random()));
}
