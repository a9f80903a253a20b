import type { SignedInOperator } from './registry';

/** The admin API's flat error (docs/errors.md): `errorCode`, `message`, and for a 400 every problem in `problems`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly problems: string[] = [],
  ) {
    super(message);
  }
}

export interface DashboardSession {
  operator: SignedInOperator;
  /** Sent back as X-CSRF-Token on every write. */
  csrfToken: string;
  idleTimeoutSeconds: number;
  expiresAt: string;
}

export const CSRF_HEADER = 'x-csrf-token';

async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as { errorCode?: string; message?: string; problems?: unknown };
  const problems = Array.isArray(body.problems) ? body.problems.map(String) : [];
  return new ApiError(response.status, body.errorCode ?? `HTTP_${response.status}`, body.message ?? response.statusText, problems);
}

async function call<T>(path: string, init: RequestInit): Promise<T> {
  const response = await fetch(path, { credentials: 'same-origin', cache: 'no-store', ...init });
  if (!response.ok) throw await errorOf(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? await response.json() : await response.text()) as T;
}

/** The dashboard's own three calls: sign in, who am I (with the CSRF token), sign out. */
export const dashboardSession = {
  signIn: (email: string, password: string) =>
    call<DashboardSession>('/dashboard/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  current: () => call<DashboardSession>('/dashboard/api/session', { method: 'GET' }),
  signOut: (csrfToken: string) => call<void>('/dashboard/api/session', { method: 'DELETE', headers: { [CSRF_HEADER]: csrfToken } }),
};

type Query = Record<string, string | number | null | undefined>;

/**
 * The admin REST API (/admin/v1), called with the session cookie; every write carries the
 * session's CSRF token. A 401 means the session ended (idle, signed out elsewhere, operator
 * disabled): the shell goes back to the sign-in form.
 */
export class AdminApi {
  constructor(
    private readonly csrfToken: string,
    private readonly onSignedOut: () => void,
  ) {}

  get<T>(path: string, query: Query = {}): Promise<T> {
    return this.send<T>('GET', withQuery(path, query));
  }

  post<T>(path: string, body?: unknown): Promise<T> {
    return this.send<T>('POST', path, body);
  }

  put<T>(path: string, body?: unknown): Promise<T> {
    return this.send<T>('PUT', path, body);
  }

  patch<T>(path: string, body?: unknown): Promise<T> {
    return this.send<T>('PATCH', path, body);
  }

  delete<T>(path: string): Promise<T> {
    return this.send<T>('DELETE', path);
  }

  /** A multipart write (a logo upload). */
  upload<T>(method: 'PUT' | 'POST', path: string, form: FormData): Promise<T> {
    return this.guard(call<T>(path, { method, headers: { [CSRF_HEADER]: this.csrfToken }, body: form }));
  }

  /** A binary read (a case image) as a blob: URL the CSP allows; the caller revokes it. */
  async blobUrl(path: string): Promise<string> {
    const response = await this.guard(fetch(path, { credentials: 'same-origin', cache: 'no-store' }));
    if (!response.ok) throw await errorOf(response);
    return URL.createObjectURL(await response.blob());
  }

  private send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (method !== 'GET') headers[CSRF_HEADER] = this.csrfToken;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.guard(call<T>(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  }

  private async guard<T>(pending: Promise<T>): Promise<T> {
    try {
      return await pending;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) this.onSignedOut();
      throw error;
    }
  }
}

export function withQuery(path: string, query: Query): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** `/admin/v1/projects/{projectId}/environments/{environment}` + rest, encoded. */
export const environmentPath = (projectId: string, environment: string, rest = '') =>
  `/admin/v1/projects/${encodeURIComponent(projectId)}/environments/${encodeURIComponent(environment)}${rest}`;

export const projectPath = (projectId: string, rest = '') => `/admin/v1/projects/${encodeURIComponent(projectId)}${rest}`;
