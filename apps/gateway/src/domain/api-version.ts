/**
 * Date-pinned API versions (spec part 9). Within a version the API is additive only; a new
 * version is added here when a response changes meaning.
 */
export const SUPPORTED_VERSIONS = ['2026-06-01'] as const;
export const BASELINE_VERSION: ApiVersion = '2026-06-01';
export type ApiVersion = (typeof SUPPORTED_VERSIONS)[number];

/** Absent, malformed or unknown values resolve to the current baseline (spec 9.2). */
export function resolveApiVersion(requested: string | string[] | undefined): ApiVersion {
  const value = Array.isArray(requested) ? requested[0] : requested;
  const trimmed = value?.trim();
  return (SUPPORTED_VERSIONS as readonly string[]).includes(trimmed ?? '') ? (trimmed as ApiVersion) : BASELINE_VERSION;
}

export const VERSION_HEADER = 'service-version';
