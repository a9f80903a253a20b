import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: Date;
}

/** An integrator's webhook receiver: a real HTTP server on loopback that can be told to fail. */
export class Receiver {
  readonly received: Received[] = [];
  failNext = 0;
  private server?: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        this.received.push({ headers: request.headers, body, receivedAt: new Date() });
        response.writeHead(this.failNext-- > 0 ? 500 : 200).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as { port: number }).port}/hooks`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  about(sessionId: string): Received[] {
    return this.received.filter((r) => r.body.includes(sessionId));
  }

  async waitFor(sessionId: string, count: number, timeoutMs = 20_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && this.about(sessionId).length < count) await new Promise((resolve) => setTimeout(resolve, 100));
    return this.about(sessionId);
  }
}
