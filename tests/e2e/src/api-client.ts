/** A small client of the public and admin APIs, as an integrator's code would use them. */
export interface ApiResponse<T = any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  key?: string;
  json?: unknown;
  rawBody?: string;
  form?: FormData;
  headers?: Record<string, string>;
}

export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.rawBody !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = options.rawBody;
    } else if (options.form) {
      body = options.form;
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Non-JSON bodies stay text so a test can show them.
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }

  createSession(key: string, json: unknown = {}, headers: Record<string, string> = {}) {
    return this.request('POST', '/v1/sessions', { key, json, headers });
  }

  submit(key: string, sessionId: string) {
    return this.request('POST', `/v1/verifications/${sessionId}/submit`, { key });
  }

  verification(key: string, sessionId: string) {
    return this.request('GET', `/v1/verifications/${sessionId}`, { key });
  }

  uploadDocument(key: string, sessionId: string, image: Buffer, fields: Record<string, string>, filename = 'side.jpg') {
    return this.request('POST', `/v1/verifications/${sessionId}/documents`, { key, form: imageForm(image, filename, fields) });
  }

  uploadFace(key: string, sessionId: string, image: Buffer, filename = 'selfie.jpg') {
    return this.request('POST', `/v1/verifications/${sessionId}/face`, { key, form: imageForm(image, filename) });
  }
}

export function imageForm(image: Buffer, filename: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('images', new Blob([new Uint8Array(image)], { type: filename.endsWith('.png') ? 'image/png' : 'image/jpeg' }), filename);
  return form;
}
