import { request as httpRequest } from 'node:http';

/** A small client of the public and admin APIs, as an integrator's code would use them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiResponse<T = any> {
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

  /**
   * Declares a body of `size` bytes and sends none of it: a server that refuses the declared length answers
   * before reading the body, and then closes the connection. (Sending the body as fetch does races that close:
   * the write fails with EPIPE before the answer is read.) A server that waited for the body would never answer.
   */
  async requestDeclaringLargeBody(
    method: string,
    path: string,
    options: { key?: string; contentType: string; size: number },
  ): Promise<ApiResponse> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { 'content-type': options.contentType, 'content-length': options.size };
      if (options.key) headers.authorization = `Bearer ${options.key}`;
      const req = httpRequest(new URL(this.baseUrl + path), { method, headers });
      req.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Non-JSON bodies stay text so a test can show them.
          }
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') responseHeaders.set(name, value);
          req.destroy();
          resolve({ status: response.statusCode ?? 0, headers: responseHeaders, body });
        });
      });
      req.on('error', reject);
      req.flushHeaders();
    });
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
