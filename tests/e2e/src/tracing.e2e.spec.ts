import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { type RunningStack, startStack } from '@kyc/stack';
import { documentFixture, liveSelfie } from '@kyc/verification-fixtures';
import { ApiClient, imageForm } from './api-client';
import { Receiver } from './webhook-receiver';

interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
}

/** OTLP ids are hex in the JSON encoding; a base64 id (protobuf-JSON mapping) is turned into hex too. */
const hexId = (id: string, bytes: number) =>
  /^[0-9a-f]+$/i.test(id) && id.length === bytes * 2 ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');

/**
 * A collector on loopback: a real HTTP server that takes what the services' OTLP/HTTP exporters
 * send to /v1/traces (JSON encoding, ExportTraceServiceRequest) and keeps every span with the
 * service.name of its resource.
 */
class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  readonly rejected: string[] = [];
  private server?: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method !== 'POST' || request.url !== '/v1/traces' || !String(request.headers['content-type']).includes('json')) {
          this.rejected.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
          response.writeHead(415).end();
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        for (const resourceSpans of body.resourceSpans ?? []) {
          const service = resourceSpans.resource?.attributes?.find((a: { key: string }) => a.key === 'service.name')?.value?.stringValue;
          for (const scope of resourceSpans.scopeSpans ?? [])
            for (const span of scope.spans ?? [])
              this.spans.push({
                service,
                traceId: hexId(span.traceId, 16),
                spanId: hexId(span.spanId, 8),
                parentSpanId: span.parentSpanId ? hexId(span.parentSpanId, 8) : '',
                name: span.name,
              });
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as { port: number }).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  inTrace(traceId: string): ReceivedSpan[] {
    return this.spans.filter((span) => span.traceId === traceId);
  }

  async waitFor(found: () => boolean, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && !found()) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  /** The span's parents up to the root of what was received, nearest first. */
  ancestors(span: ReceivedSpan): ReceivedSpan[] {
    const chain: ReceivedSpan[] = [];
    for (let parent = span.parentSpanId; parent;) {
      const next = this.spans.find((s) => s.spanId === parent && s.traceId === span.traceId);
      if (!next) break;
      chain.push(next);
      parent = next.parentSpanId;
    }
    return chain;
  }
}

const kafkaBrokers = process.env.KAFKA_BROKERS ?? '';
const transports: [string, string][] = [
  ['embedded PostgreSQL', ''],
  ...(kafkaBrokers ? [['Kafka', kafkaBrokers] as [string, string]] : []),
];

describe.each(transports)('one trace across a whole sandbox verification (%s events)', (_transport, brokers) => {
  const collector = new OtlpReceiver();
  const receiver = new Receiver();
  let stack: RunningStack;
  let api: ApiClient;
  let dataDir: string;
  const serviceLog: string[] = [];

  beforeAll(async () => {
    await collector.start();
    await receiver.start();
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-e2e-tracing-'));
    try {
      stack = await startStack({
        dataDir,
        env: {
          LOG_LEVEL: 'info',
          KAFKA_BROKERS: brokers,
          WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
          OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
          // Batches leave every 200 ms, so the spans are here soon after the work.
          OTEL_BSP_SCHEDULE_DELAY: '200',
        },
        log: (line) => serviceLog.push(line),
        // A loaded host starts slower; CI needs far less.
        readyTimeoutMs: 240_000,
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${serviceLog.slice(-30).join('\n')}`);
    }
    api = new ApiClient(stack.baseUrl);
  }, 400_000);

  afterAll(async () => {
    await stack?.stop();
    await receiver.stop();
    await collector.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("joins the gateway, session, document, biometrics and scoring spans and the webhook delivery in the caller's trace, with its id in the log lines", async () => {
    const { projectId } = stack.credentials;
    const hook = await api.request('PUT', `/admin/v1/projects/${projectId}/environments/sandbox/webhook`, {
      key: stack.credentials.adminToken,
      json: { url: receiver.url },
    });
    expect(hook.status).toBe(200);
    const key = stack.credentials.environments.sandbox.secretKey;

    // The integrator's own trace: every call of this verification carries it (W3C traceparent).
    const traceId = randomBytes(16).toString('hex');
    const traced = (parentSpanId = randomBytes(8).toString('hex')) => ({ traceparent: `00-${traceId}-${parentSpanId}-01` });
    const created = await api.request('POST', '/v1/sessions', { key, json: {}, headers: traced() });
    expect(created.status).toBe(201);
    const sessionId = created.body.id as string;
    const passport = await documentFixture({ seed: 11 });
    for (const { side, image } of passport.sides) {
      const upload = await api.request('POST', `/v1/verifications/${sessionId}/documents`, {
        key,
        form: imageForm(image, 'side.jpg', { imageType: side }),
        headers: traced(),
      });
      expect({
        status: upload.status,
        body: upload.body,
        errors: serviceLog.filter((line) => /"level":5\d/.test(line)).slice(-5),
      }).toMatchObject({ status: 200 });
    }
    const face = await api.request('POST', `/v1/verifications/${sessionId}/face`, {
      key,
      form: imageForm(liveSelfie(), 'selfie.jpg'),
      headers: traced(),
    });
    expect(face.status).toBe(200);
    const submitParent = randomBytes(8).toString('hex');
    const submitted = await api.request('POST', `/v1/verifications/${sessionId}/submit`, { key, headers: traced(submitParent) });
    expect(submitted.body).toMatchObject({ success: true, status: 'completed' });
    await receiver.waitFor(sessionId, 1);
    expect(receiver.about(sessionId)).toHaveLength(1);

    const delivery = () => collector.inTrace(traceId).find((span) => span.service === 'kyc-webhook' && span.name === 'webhook deliver');
    await collector.waitFor(() => delivery() !== undefined);
    const spans = collector.inTrace(traceId);
    const services = new Set(spans.map((span) => span.service));
    expect(collector.rejected).toEqual([]);
    for (const service of ['kyc-gateway', 'kyc-session', 'kyc-document', 'kyc-biometrics', 'kyc-scoring', 'kyc-webhook'])
      expect(services).toContain(service);

    // The gateway's spans are named by route template and continue the caller's spans.
    const submitSpan = spans.find((span) => span.service === 'kyc-gateway' && span.parentSpanId === submitParent);
    expect(submitSpan?.name).toBe('POST /v1/verifications/:sessionId/submit');
    const rpc = (service: string, method: string) => spans.filter((span) => span.service === service && span.name.endsWith(`/${method}`));
    expect(rpc('kyc-document', 'AnalyzeSide').length).toBe(passport.sides.length);
    expect(rpc('kyc-biometrics', 'AnalyzeSelfie')).toHaveLength(1);
    expect(rpc('kyc-biometrics', 'MatchFace')).toHaveLength(1);

    // Not just the same id: the delivery descends from the submit request, through the session's
    // RPC (which wrote the outbox row), the event's handling and the delivery's enqueueing.
    const chain = collector.ancestors(delivery()!);
    expect(chain.map((span) => span.spanId)).toContain(submitSpan!.spanId);
    expect(chain.map((span) => span.service)).toEqual(expect.arrayContaining(['kyc-webhook', 'kyc-session', 'kyc-gateway']));
    expect(chain.some((span) => span.service === 'kyc-webhook' && span.name === 'kyc.session.events process')).toBe(true);
    // Scoring runs inside the submit request.
    const scoring = spans.find((span) => span.service === 'kyc-scoring');
    expect(collector.ancestors(scoring!).map((span) => span.spanId)).toContain(submitSpan!.spanId);

    // The services' log lines of this verification carry its trace id.
    const tracedLines = serviceLog.filter((line) => line.includes(`"traceId":"${traceId}"`));
    expect(tracedLines.length).toBeGreaterThan(0);
  });
});
