/**
 * A tiny hash router: `#/projects/p1/environments/test/keys?limit=20` against patterns with
 * `:name` segments. The fragment never reaches the server, so /dashboard is one page.
 */
export interface RouteMatch<T> {
  route: T;
  params: Record<string, string>;
  query: URLSearchParams;
}

export function splitHash(hash: string): { path: string; query: URLSearchParams } {
  const raw = hash.replace(/^#/, '') || '/';
  const [path, query = ''] = raw.split('?', 2);
  return { path: path.startsWith('/') ? path : `/${path}`, query: new URLSearchParams(query) };
}

/** The parameters of `path` under `pattern`, or null when it does not match. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      try {
        params[want[i].slice(1)] = decodeURIComponent(got[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== got[i]) return null;
  }
  return params;
}

export function matchRoute<T extends { path: string }>(routes: readonly T[], hash: string): RouteMatch<T> | null {
  const { path, query } = splitHash(hash);
  for (const route of routes) {
    const params = matchPath(route.path, path);
    if (params) return { route, params, query };
  }
  return null;
}

/** The pattern with its parameters filled in (encoded); null when one is missing. */
export function fillPath(pattern: string, values: Readonly<Record<string, string | null | undefined>>): string | null {
  const parts: string[] = [];
  for (const part of pattern.split('/').filter(Boolean)) {
    if (!part.startsWith(':')) {
      parts.push(part);
      continue;
    }
    const value = values[part.slice(1)];
    if (!value) return null;
    parts.push(encodeURIComponent(value));
  }
  return `/${parts.join('/')}`;
}
