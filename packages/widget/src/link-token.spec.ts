import { takeEmbedToken } from './link-token';

function fakePage(hash: string, stored: Record<string, string> = {}) {
  const replaced: string[] = [];
  return {
    replaced,
    stored,
    location: { hash, pathname: '/widget/sessions/s-1', search: '' },
    history: { replaceState: (_data: unknown, _unused: string, url?: string | URL | null) => void replaced.push(String(url)) },
    sessionStorage: { getItem: (key: string) => stored[key] ?? null, setItem: (key: string, value: string) => void (stored[key] = value) },
  };
}

describe('takeEmbedToken', () => {
  it('takes the token from the fragment, clears it from the address bar and keeps it for this tab', () => {
    const page = fakePage('#token=eyJ.abc.def');
    expect(takeEmbedToken('s-1', page)).toBe('eyJ.abc.def');
    expect(page.replaced).toEqual(['/widget/sessions/s-1']);
    expect(page.stored).toEqual({ 'kyc-embed-token:s-1': 'eyJ.abc.def' });
  });

  it('continues after a reload from this tab’s storage, and only for the same session', () => {
    const stored = { 'kyc-embed-token:s-1': 'kept' };
    expect(takeEmbedToken('s-1', fakePage('', stored))).toBe('kept');
    expect(takeEmbedToken('s-2', fakePage('', stored))).toBeNull();
  });
});
