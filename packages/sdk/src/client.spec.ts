import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { KycClient } from './client';
import { KycApiError, KycConnectionError, KycTimeoutError } from './errors';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  at: number;
}

type Handler = (seen: Seen, attempt: number, response: ServerResponse) => void;

/** A real HTTP server on loopback that answers each attempt as the test says (e.g. fails the first N). */
class ScriptedServer {
  readonly seen: Seen[] = [];
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  constructor(private readonly handler: Handler) {}

  async start(port = 0): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const seen = {
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks),
          at: Date.now(),
        };
        this.seen.push(seen);
        this.handler(seen, this.seen.length, response);
      });
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  response.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req-${status}`, ...headers }).end(JSON.stringify(body));

const envelope = (status: number, errorCode: string, retryable = true) => ({
  statusCode: status,
  timestamp: new Date().toISOString(),
  path: '/v1/verifications/s-1/submit',
  errorCode,
  retryable,
  message: `failed with ${errorCode}`,
  details: { reasonCode: 'WRONG_SIDE_BACK_UPLOADED' },
});

const created = {
  id: 's-1',
  status: 'pending',
  embedToken: 'e',
  expiresAt: 'x',
  createdAt: 'y',
  widgetUrl: 'w',
  qrCodeUrl: 'q',
  testMode: true,
};
const key = 'sk_test_' + 'a'.repeat(32);
const fast = { initialDelayMs: 20, maxDelayMs: 80, maxRetryAfterMs: 5_000 };
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

describe('KycClient against a real local HTTP server', () => {
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  async function serve(handler: Handler, options: { maxRetries?: number; timeoutMs?: number } = {}) {
    server = new ScriptedServer(handler);
    const baseUrl = await server.start();
    return new KycClient({ baseUrl, apiKey: key, backoff: fast, apiVersion: '2026-06-01', ...options });
  }

  it('retries a create that failed twice with 503, sending one Idempotency-Key and the same body every time', async () => {
    const client = await serve((_seen, attempt, response) =>
      attempt <= 2 ? json(response, 503, { errorCode: 'SERVICE_UNAVAILABLE', message: 'busy' }) : json(response, 201, created),
    );
    const session = await client.sessions.create({ clientMetadata: { email: 'alice.approved@example.com' }, expiryMinutes: 10 });

    expect(session.id).toBe('s-1');
    const attempts = server!.seen;
    expect(attempts).toHaveLength(3);
    const keys = attempts.map((seen) => seen.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(new Set(attempts.map((seen) => seen.body.toString())).size).toBe(1);
    expect(attempts[0].headers).toMatchObject({
      authorization: `Bearer ${key}`,
      'service-version': '2026-06-01',
      'content-type': 'application/json',
    });
  });

  it('gives two creates two keys, and keeps a key the caller chose', async () => {
    const client = await serve((_seen, _attempt, response) => json(response, 201, created));
    await client.sessions.create();
    await client.sessions.create({}, { idempotencyKey: 'order-42' });
    const [first, second] = server!.seen.map((seen) => seen.headers['idempotency-key']);
    expect(first).not.toBe('order-42');
    expect(second).toBe('order-42');
  });

  it('retries the 409 of a create still in flight (IDEMPOTENCY_IN_FLIGHT) but no other 409', async () => {
    const client = await serve((seen, attempt, response) => {
      if (seen.url === '/v1/sessions')
        return attempt === 1 ? json(response, 409, { errorCode: 'IDEMPOTENCY_IN_FLIGHT' }) : json(response, 201, created);
      json(response, 409, envelope(409, 'KYC_SESSION_PROCESSING'));
    });
    await expect(client.sessions.create()).resolves.toMatchObject({ id: 's-1' });
    expect(server!.seen).toHaveLength(2);

    const error = await client.verifications.submit('s-1').catch((thrown: unknown) => thrown);
    expect(server!.seen).toHaveLength(3);
    expect(error).toBeInstanceOf(KycApiError);
    expect(error).toMatchObject({ status: 409, code: 'KYC_SESSION_PROCESSING', requestId: 'req-409', retryable: true });
  });

  it('does not retry a reused key with another body (422 IDEMPOTENCY_KEY_REUSED) or a 4xx', async () => {
    const client = await serve((seen, _attempt, response) =>
      seen.url === '/v1/sessions'
        ? json(response, 422, { statusCode: 422, error: 'Unprocessable Entity', errorCode: 'IDEMPOTENCY_KEY_REUSED', message: 'reused' })
        : json(response, 400, envelope(400, 'KYC_007')),
    );
    await expect(client.sessions.create({}, { idempotencyKey: 'k' })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const upload = await client.verifications.uploadDocument('s-1', { image: jpeg, imageType: 'front' }).catch((e: unknown) => e);
    expect(upload).toMatchObject({ status: 400, code: 'KYC_007', details: { reasonCode: 'WRONG_SIDE_BACK_UPLOADED' } });
    expect((upload as Error).message).toContain('req-400');
    expect(server!.seen).toHaveLength(2);
  });

  it('waits the Retry-After of a 429 before the retry', async () => {
    const client = await serve((_seen, attempt, response) =>
      attempt === 1
        ? json(response, 429, { errorCode: 'RATE_LIMITED' }, { 'retry-after': '1' })
        : json(response, 200, { sessionId: 's-1' }),
    );
    await client.verifications.retrieve('s-1');
    const [first, second] = server!.seen;
    expect(second.at - first.at).toBeGreaterThanOrEqual(950);
  });

  it('throws at once when Retry-After is longer than it will wait, saying how long', async () => {
    const client = await serve((_seen, _attempt, response) => json(response, 429, { errorCode: 'RATE_LIMITED' }, { 'retry-after': '120' }));
    await expect(client.verifications.submit('s-1')).rejects.toMatchObject({ status: 429, retryAfterSeconds: 120 });
    expect(server!.seen).toHaveLength(1);
  });

  it('retries a 500 of a read but not of an upload or a submit, which the gateway does not deduplicate', async () => {
    const client = await serve((_seen, _attempt, response) => json(response, 500, { errorCode: 'INTERNAL', message: 'boom' }), {
      maxRetries: 2,
    });
    await expect(client.sessions.retrieve('s-1')).rejects.toMatchObject({ status: 500 });
    expect(server!.seen).toHaveLength(3);
    await expect(client.verifications.uploadFace('s-1', { image: jpeg })).rejects.toMatchObject({ status: 500 });
    await expect(client.verifications.submit('s-1')).rejects.toMatchObject({ status: 500 });
    expect(server!.seen).toHaveLength(5);
  });

  it('retries a reset connection on a read; an upload whose connection was reset is not sent again', async () => {
    const client = await serve((seen, attempt, response) => {
      if (seen.url.endsWith('/face') || attempt === 1) return response.socket?.destroy();
      json(response, 200, { sessionId: 's-1' });
    });
    await expect(client.verifications.retrieve('s-1')).resolves.toMatchObject({ sessionId: 's-1' });
    expect(server!.seen).toHaveLength(2);
    const error = await client.verifications.uploadFace('s-1', { image: jpeg }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KycConnectionError);
    expect(error).toMatchObject({ attempts: 1 });
    expect(server!.seen).toHaveLength(3);
  });

  it('retries an upload whose connection was refused (nothing was sent)', async () => {
    const probe = new ScriptedServer(() => undefined);
    const port = Number(new URL(await probe.start()).port);
    await probe.stop(); // the port is now closed: the first attempts are refused
    const client = new KycClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: key,
      maxRetries: 8,
      backoff: { initialDelayMs: 100, maxDelayMs: 200 },
    });
    const upload = client.verifications.uploadDocument('s-1', { image: jpeg, imageType: 'front' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    server = new ScriptedServer((_seen, _attempt, response) => json(response, 200, { success: true, uploadedImageType: 'front' }));
    await server.start(port);
    await expect(upload).resolves.toMatchObject({ success: true });
    expect(server.seen).toHaveLength(1);
  });

  it('times each attempt out and retries a read, then reports a KycTimeoutError', async () => {
    const client = await serve(() => undefined, { timeoutMs: 150, maxRetries: 1 });
    const error = await client.verifications.retrieve('s-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KycTimeoutError);
    expect(error).toMatchObject({ attempts: 2 });
    expect(server!.seen).toHaveLength(2);
  });

  it('stops retrying after maxRetries and throws the last answer', async () => {
    const client = await serve((_seen, _attempt, response) => json(response, 503, { errorCode: 'SERVICE_UNAVAILABLE' }), { maxRetries: 3 });
    await expect(client.sessions.create()).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(server!.seen).toHaveLength(4);
  });

  it('sends a document side as multipart/form-data with the image typed from its bytes', async () => {
    const client = await serve((_seen, _attempt, response) => json(response, 200, { success: true }));
    await client.verifications.uploadDocument('s 1', { image: jpeg, imageType: 'back', isRetake: true });
    const [seen] = server!.seen;
    expect(seen.url).toBe('/v1/verifications/s%201/documents');
    expect(seen.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = seen.body.toString('latin1');
    expect(body).toMatch(/name="imageType"\r\n\r\nback\r\n/);
    expect(body).toMatch(/name="isRetake"\r\n\r\ntrue\r\n/);
    expect(body).toMatch(/name="images"; filename="back.jpg"\r\nContent-Type: image\/jpeg\r\n\r\n/);
    expect(seen.body.includes(jpeg)).toBe(true);
  });
});
