import { type Socket, connect } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createLogger } from '@kyc/logger';
import { withServiceDatabase } from '@kyc/testing';
import { loadGatewayConfig } from '../config';
import { createHttpServer } from '../http-server';
import { createGatewayDataSource } from '../infrastructure/data-source';

/**
 * Issue 26 item 11, on the real HTTP server listening on a socket: bodies that exhaust the stack
 * or poison prototypes, a 10-MB body from a caller without an embed token, and clients that
 * trickle their request. None of these requests reaches a service.
 */
describe('hostile requests to the gateway', () => {
  const database = withServiceDatabase(createGatewayDataSource);
  let app: NestFastifyApplication;
  let port: number;
  const REQUEST_TIMEOUT_MS = 2_000;
  const HEADERS_TIMEOUT_MS = 1_000;

  beforeAll(async () => {
    const config = loadGatewayConfig({
      DATABASE_URL: database.url,
      ADMIN_TOKEN: `adm_${'t'.repeat(40)}`,
      EMBED_TOKEN_SECRET: 's'.repeat(40),
      LOG_LEVEL: 'silent',
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    });
    app = await createHttpServer(config, database.dataSource, createLogger('gateway-test', 'silent'));
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as { port: number }).port;
  });

  afterAll(async () => {
    await app?.close();
  });

  const post = async (path: string, body: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk_test_unknown', ...headers },
      body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers 5,000 nested arrays with 400 MALFORMED_JSON, not a 500', async () => {
    const response = await post('/v1/sessions', '['.repeat(5_000) + ']'.repeat(5_000));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errorCode: 'MALFORMED_JSON' });
    expect(String(response.body.message)).toContain('nested deeper than');
  });

  it('refuses __proto__ and constructor.prototype keys (prototype poisoning) with 400', async () => {
    for (const body of ['{"clientMetadata":{"__proto__":{"isAdmin":true}}}', '{"constructor":{"prototype":{"isAdmin":true}}}']) {
      const response = await post('/v1/sessions', body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ errorCode: 'MALFORMED_JSON' });
    }
  });

  it('refuses U+0000 in a query string or a path parameter with 400 VALIDATION_FAILED, not a 500 from PostgreSQL', async () => {
    const admin = { authorization: `Bearer adm_${'t'.repeat(40)}` };
    for (const path of ['/admin/v1/dead-letters?limit=47&topic=a%00b', '/admin/v1/audit-log?action=x%00', '/v1/verifications/a%00b']) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: path.startsWith('/admin') ? admin : {} });
      expect({ path, status: response.status, body: await response.json() }).toMatchObject({
        path,
        status: 400,
        body: { errorCode: 'VALIDATION_FAILED' },
      });
    }
  });

  /** Opens a raw connection; resolves with what the server sent and when it closed. */
  const rawExchange = (start: (socket: Socket) => void, giveUpMs: number) =>
    new Promise<{ received: string; closedAfterMs: number | null }>((resolve) => {
      const started = Date.now();
      let received = '';
      const socket = connect(port, '127.0.0.1', () => start(socket));
      const finish = (closed: boolean) => {
        clearTimeout(timer);
        socket.destroy();
        resolve({ received, closedAfterMs: closed ? Date.now() - started : null });
      };
      const timer = setTimeout(() => finish(false), giveUpMs);
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('close', () => finish(true));
      socket.on('error', () => undefined);
    });

  it('checks the embed token before reading a 10-MB liveness body: 401 while the body is still unsent', async () => {
    const { received } = await rawExchange((socket) => {
      socket.write(
        'POST /v1/kyc/check_liveness_base64 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Authorization: Bearer not-a-token\r\nContent-Length: ${9 * 1024 * 1024}\r\n\r\n{"image":"`,
      );
      // The rest of the 9 MB never comes: an answer can only be one given before reading it.
    }, REQUEST_TIMEOUT_MS - 500);
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(received).toContain('UNAUTHENTICATED');
  });

  it('cuts off a body trickled at one byte a second (slow loris) within the request timeout', async () => {
    const { closedAfterMs, received } = await rawExchange((socket) => {
      socket.write(
        'POST /v1/sessions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAuthorization: Bearer sk_test_x\r\nContent-Length: 100\r\n\r\n{',
      );
      const drip = setInterval(() => (socket.writable ? socket.write(' ') : clearInterval(drip)), 1_000);
      socket.on('close', () => clearInterval(drip));
    }, REQUEST_TIMEOUT_MS + 8_000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(REQUEST_TIMEOUT_MS + 6_000);
    // Node answers 408 when it can before closing.
    if (received) expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts off headers trickled one byte a second within the headers timeout', async () => {
    const { closedAfterMs } = await rawExchange((socket) => {
      socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n');
      const drip = setInterval(() => (socket.writable ? socket.write('X') : clearInterval(drip)), 1_000);
      socket.on('close', () => clearInterval(drip));
    }, HEADERS_TIMEOUT_MS + 8_000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(HEADERS_TIMEOUT_MS + 6_000);
  });
});
