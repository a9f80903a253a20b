import { DEFAULT_ADMIN_AUTH_THROTTLE, credentialSubject, sourceSubject, throttleVerdict } from './admin-auth-throttle';

describe('admin auth throttle', () => {
  const started = new Date('2026-11-27T04:00:00Z');
  const at = (seconds: number) => new Date(started.getTime() + seconds * 1000);
  const policy = DEFAULT_ADMIN_AUTH_THROTTLE;

  it('lets calls through below both limits', () => {
    expect(
      throttleVerdict(policy, [
        { subject: sourceSubject('10.0.0.1'), failures: 19, windowStartedAt: started, observedAt: at(10) },
        { subject: credentialSubject('ab'), failures: 4, windowStartedAt: started, observedAt: at(10) },
      ]),
    ).toEqual({ blocked: false });
    expect(throttleVerdict(policy, [])).toEqual({ blocked: false });
  });

  it('blocks a source at 20 failures until its window ends', () => {
    expect(
      throttleVerdict(policy, [{ subject: sourceSubject('10.0.0.1'), failures: 20, windowStartedAt: started, observedAt: at(600.2) }]),
    ).toEqual({ blocked: true, retryAfterSeconds: 300, subject: 'source' });
  });

  it('blocks a credential at 5 failures, and never answers a Retry-After under one second', () => {
    expect(
      throttleVerdict(policy, [{ subject: credentialSubject('ab'), failures: 5, windowStartedAt: started, observedAt: at(899.9) }]),
    ).toEqual({ blocked: true, retryAfterSeconds: 1, subject: 'credential' });
  });

  it('answers the later end when both are blocked', () => {
    const verdict = throttleVerdict(policy, [
      { subject: credentialSubject('ab'), failures: 9, windowStartedAt: started, observedAt: at(800) },
      { subject: sourceSubject('::1'), failures: 25, windowStartedAt: at(600), observedAt: at(800) },
    ]);
    expect(verdict).toEqual({ blocked: true, retryAfterSeconds: 700, subject: 'source' });
  });
});
