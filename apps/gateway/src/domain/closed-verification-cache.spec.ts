import { ClosedVerificationCache } from './closed-verification-cache';

describe(ClosedVerificationCache.name, () => {
  const sut = () => new ClosedVerificationCache<{ status: string }>(5_000, 2);

  it('keeps final statuses only', () => {
    const cache = sut();
    cache.remember('p', 'test', 's1', { status: 'completed' }, 0);
    cache.remember('p', 'test', 's2', { status: 'processing' }, 0);
    expect(cache.get('p', 'test', 's1', 1)).toEqual({ status: 'completed' });
    expect(cache.get('p', 'test', 's2', 1)).toBeUndefined();
  });

  it('scopes entries by project and environment', () => {
    const cache = sut();
    cache.remember('p', 'test', 's1', { status: 'rejected' }, 0);
    expect(cache.get('other', 'test', 's1', 1)).toBeUndefined();
    expect(cache.get('p', 'live', 's1', 1)).toBeUndefined();
  });

  it('expires entries and forgets them on demand', () => {
    const cache = sut();
    cache.remember('p', 'test', 's1', { status: 'expired' }, 0);
    expect(cache.get('p', 'test', 's1', 5_000)).toBeUndefined();
    cache.remember('p', 'test', 's1', { status: 'expired' }, 0);
    cache.forget('p', 'test', 's1');
    expect(cache.get('p', 'test', 's1', 1)).toBeUndefined();
  });

  it('stays bounded', () => {
    const cache = sut();
    for (const id of ['a', 'b', 'c']) cache.remember('p', 'test', id, { status: 'completed' }, 0);
    expect(cache.get('p', 'test', 'a', 1)).toBeUndefined();
    expect(cache.get('p', 'test', 'c', 1)).toBeDefined();
  });
});
