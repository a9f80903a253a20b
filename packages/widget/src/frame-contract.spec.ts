import { eventOfScreen, hostOriginOf, stepOf } from './frame-contract';

describe('widget-frame contract', () => {
  it('names each screen as a step, the document ones by side', () => {
    expect(stepOf({ kind: 'consent' })).toBe('consent');
    expect(stepOf({ kind: 'document', side: 'back' })).toBe('document-back');
    expect(stepOf({ kind: 'selfie' })).toBe('selfie');
  });

  it('turns endings into completed / failed / expired / error with a stable code', () => {
    expect(eventOfScreen({ kind: 'result', ending: 'completed' }, null)).toEqual({ type: 'completed', status: 'completed' });
    expect(eventOfScreen({ kind: 'result', ending: 'review' }, null)).toEqual({ type: 'completed', status: 'manual_review' });
    expect(eventOfScreen({ kind: 'result', ending: 'failed' }, null)).toEqual({ type: 'failed', status: 'failed' });
    expect(eventOfScreen({ kind: 'result', ending: 'expired' }, 'KYC_003')).toEqual({ type: 'expired' });
    expect(eventOfScreen({ kind: 'result', ending: 'closed' }, 'KYC_SESSION_CLOSED')).toEqual({ type: 'error', code: 'session_closed' });
    expect(eventOfScreen({ kind: 'result', ending: 'invalid' }, 'KYC_WIDGET_EMAIL_MISMATCH')).toEqual({
      type: 'error',
      code: 'email_mismatch',
    });
    expect(eventOfScreen({ kind: 'result', ending: 'invalid' }, 'KYC_001')).toEqual({ type: 'error', code: 'invalid_link' });
    expect(eventOfScreen({ kind: 'error' }, 'RATE_LIMITED')).toEqual({ type: 'error', code: 'rate_limited' });
    expect(eventOfScreen({ kind: 'error' }, null)).toEqual({ type: 'error', code: 'unavailable' });
    expect(eventOfScreen({ kind: 'selfie' }, null)).toBeNull();
  });

  it('takes the host origin only when the page is framed by that origin', () => {
    const framed = (search: string, ancestors?: string[]) => ({
      location: { search, ...(ancestors ? { ancestorOrigins: Object.assign([...ancestors], { length: ancestors.length }) } : {}) },
      self: 'frame',
      parent: 'host',
    });
    expect(hostOriginOf(framed('?embed=https%3A%2F%2Fshop.example', ['https://shop.example']))).toBe('https://shop.example');
    expect(hostOriginOf(framed('?embed=https%3A%2F%2Fshop.example'))).toBe('https://shop.example');
    expect(hostOriginOf(framed('?embed=https%3A%2F%2Fshop.example', ['https://evil.example']))).toBeNull();
    expect(hostOriginOf(framed('?embed=https%3A%2F%2Fshop.example%2Fpath'))).toBeNull();
    expect(hostOriginOf(framed(''))).toBeNull();
    expect(hostOriginOf({ location: { search: '?embed=https%3A%2F%2Fshop.example' }, self: 'top', parent: 'top' })).toBeNull();
  });
});
