/**
 * Failed-authentication throttling on the admin API (issue 26, item 9). Failures are counted per
 * source address and per credential presented, in fixed windows; once either count reaches its
 * limit, every admin call from that address (or with that credential) is answered 429 with
 * Retry-After until the window ends, before the credential is even looked at, so guessing stops
 * being worth it and a correct guess inside a blocked window is not recognised.
 *
 * 20 failures per address and 5 per credential in 15 minutes: an operator who mistypes a pasted
 * token a few times is never blocked by the address limit, a guessing client gets at most 20
 * tries per 15 minutes per address (the 256-bit tokens make that hopeless anyway; the limit
 * matters for the dashboard's passwords, where the credential is the e-mail address).
 */
export interface AdminAuthThrottlePolicy {
  windowSeconds: number;
  failuresPerSource: number;
  failuresPerCredential: number;
}

export const DEFAULT_ADMIN_AUTH_THROTTLE: AdminAuthThrottlePolicy = {
  windowSeconds: 900,
  failuresPerSource: 20,
  failuresPerCredential: 5,
};

/** Failures counted in the current window of one subject (an address or a credential). */
export interface FailureWindow {
  subject: string;
  failures: number;
  windowStartedAt: Date;
  /** The store's clock when it answered. */
  observedAt: Date;
}

export type ThrottleVerdict = { blocked: false } | { blocked: true; retryAfterSeconds: number; subject: 'source' | 'credential' };

export const sourceSubject = (address: string) => `source:${address}`;
export const credentialSubject = (credentialDigest: string) => `credential:${credentialDigest}`;

/** Blocked when any subject's failures reached its limit; Retry-After is the latest end among the blocking windows. */
export function throttleVerdict(policy: AdminAuthThrottlePolicy, windows: readonly FailureWindow[]): ThrottleVerdict {
  let verdict: ThrottleVerdict = { blocked: false };
  for (const window of windows) {
    const kind = window.subject.startsWith('source:') ? 'source' : 'credential';
    const limit = kind === 'source' ? policy.failuresPerSource : policy.failuresPerCredential;
    if (window.failures < limit) continue;
    const endsInMs = window.windowStartedAt.getTime() + policy.windowSeconds * 1000 - window.observedAt.getTime();
    const retryAfterSeconds = Math.max(1, Math.ceil(endsInMs / 1000));
    if (!verdict.blocked || retryAfterSeconds > verdict.retryAfterSeconds) verdict = { blocked: true, retryAfterSeconds, subject: kind };
  }
  return verdict;
}
