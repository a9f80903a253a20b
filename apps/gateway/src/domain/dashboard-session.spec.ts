import {
  clearedSessionCookie,
  csrfTokenMatches,
  csrfTokenOf,
  dashboardSessionDigest,
  isSafeMethod,
  issueDashboardSessionId,
  sameOrigin,
  sessionCookie,
  sessionIdFromCookies,
} from './dashboard-session';

describe('dashboard session', () => {
  const id = issueDashboardSessionId();

  it('issues 256-bit ids, stored as their SHA-256 only', () => {
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issueDashboardSessionId()).not.toBe(id);
    expect(dashboardSessionDigest(id)).toHaveLength(32);
  });

  it('derives one CSRF token per session and accepts only that one', () => {
    const token = csrfTokenOf(id);
    expect(csrfTokenOf(id)).toBe(token);
    expect(csrfTokenOf(issueDashboardSessionId())).not.toBe(token);
    expect(csrfTokenMatches(id, token)).toBe(true);
    expect(csrfTokenMatches(id, `${token.slice(0, -1)}A`)).toBe(token.endsWith('A'));
    expect(csrfTokenMatches(id, token.slice(1))).toBe(false);
    expect(csrfTokenMatches(id, undefined)).toBe(false);
    expect(csrfTokenMatches(id, [token])).toBe(false);
  });

  it('writes the cookie HttpOnly, SameSite=Strict, Path=/, Secure with the __Host- prefix over TLS only', () => {
    expect(sessionCookie(id, false)).toBe(`kyc_dashboard=${id}; Path=/; HttpOnly; SameSite=Strict`);
    expect(sessionCookie(id, true)).toBe(`__Host-kyc_dashboard=${id}; Path=/; HttpOnly; SameSite=Strict; Secure`);
    expect(clearedSessionCookie(true)).toBe('__Host-kyc_dashboard=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0; Secure');
  });

  it('reads the session id from a Cookie header among others, ignoring anything not shaped like one', () => {
    expect(sessionIdFromCookies(`a=b; kyc_dashboard=${id}; c=d`)).toBe(id);
    expect(sessionIdFromCookies(`__Host-kyc_dashboard=${id}`)).toBe(id);
    expect(sessionIdFromCookies('kyc_dashboard=short')).toBeNull();
    expect(sessionIdFromCookies(`other_dashboard=${id}`)).toBeNull();
    expect(sessionIdFromCookies(undefined)).toBeNull();
  });

  it('allows writes from exactly our own origin', () => {
    expect(sameOrigin('http://127.0.0.1:8080', 'http', '127.0.0.1:8080')).toBe(true);
    expect(sameOrigin('https://127.0.0.1:8080', 'http', '127.0.0.1:8080')).toBe(false);
    expect(sameOrigin('http://127.0.0.1:8081', 'http', '127.0.0.1:8080')).toBe(false);
    expect(sameOrigin('null', 'http', '127.0.0.1:8080')).toBe(false);
    expect(sameOrigin(undefined, 'http', '127.0.0.1:8080')).toBe(false);
    expect(['GET', 'HEAD', 'OPTIONS'].every(isSafeMethod)).toBe(true);
    expect(['POST', 'PUT', 'PATCH', 'DELETE'].some(isSafeMethod)).toBe(false);
  });
});
