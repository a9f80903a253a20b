import { BASELINE_VERSION, resolveApiVersion } from './api-version';

describe(resolveApiVersion.name, () => {
  it('keeps a supported version', () => expect(resolveApiVersion('2026-06-01')).toBe('2026-06-01'));
  it.each([undefined, '', '1999-01-01', 'latest', '2026-13-45', ['1999-01-01']])('falls back to the baseline for %p', (value) => {
    expect(resolveApiVersion(value as string | undefined)).toBe(BASELINE_VERSION);
  });
});
