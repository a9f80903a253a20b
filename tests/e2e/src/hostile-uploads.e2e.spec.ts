import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startStack, type RunningStack } from '@kyc/stack';
import {
  documentFixture,
  hostileUploads,
  type DocumentFixture,
  type HostileExpectation,
  type HostileUpload,
} from '@kyc/verification-fixtures';
import { ApiClient, type ApiResponse } from './api-client';

/**
 * The hostile-upload campaign (issue 26): about a hundred hostile files made at test time
 * (@kyc/verification-fixtures hostileUploads) sent through every upload endpoint of a running
 * sandbox stack, where the real decoders and models run. What must hold for each of the ~570
 * answers: no 5xx and no dropped connection, the spec's envelope with a documented code, refusals
 * where the file is no usable image (KYC_006, or 413 for the base64 route's oversize body), a
 * verdict where it is one; and at the end every service still runs as the same process, with its
 * peak memory reported (and bounded). The figures go to reports/hostile-uploads.json.
 */

/** Every code an upload may answer with (docs/errors.md); anything else fails the campaign. */
const DOCUMENTED_UPLOAD_CODES = new Set(['KYC_006', 'KYC_007', 'KYC_015', 'KYC_008b', 'PAYLOAD_TOO_LARGE']);
/** Peak resident memory a service may reach over the campaign (the document service holds the OCR models). */
const MAX_PEAK_RSS_MB = 1536;

interface Endpoint {
  name: string;
  /** Device routes are limited per session (spec part 8); a new session is opened after this many calls. */
  callsPerSession: number;
  /** What a session needs before this endpoint analyses anything (a proof of address is judged against the identity document). */
  prepare?(session: CampaignSession): Promise<void>;
  send(file: HostileUpload, session: CampaignSession): Promise<ApiResponse>;
  /** Where this endpoint's answer is not the corpus's general expectation. */
  expectationFor?(file: HostileUpload): HostileExpectation;
}

interface CampaignSession {
  sessionId: string;
  embedToken: string;
}

interface Outcome {
  endpoint: string;
  file: string;
  category: string;
  expectation: HostileExpectation;
  status: number;
  errorCode: string | null;
  problem: string | null;
}

const fileForm = (field: string, file: HostileUpload, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.fileName);
  return form;
};

/** What was wrong with one answer, or null. */
function judge(expectation: HostileExpectation, response: ApiResponse): string | null {
  const code: unknown = response.body?.errorCode ?? null;
  if (response.status >= 500) return `server error ${response.status}`;
  if (response.status === 429) return 'rate limited: the campaign must not hit the limits it configured away';
  if (response.status >= 400) {
    if (typeof code !== 'string') return `status ${response.status} without the envelope's errorCode`;
    if (!DOCUMENTED_UPLOAD_CODES.has(code)) return `undocumented code ${code}`;
  }
  const refused = response.status === 413 || code === 'KYC_006';
  if (expectation === 'refused' && !refused) return `accepted (${response.status} ${code ?? ''}) a file that is no usable image`;
  if (expectation === 'decodable' && refused) return `refused a valid image (${response.status} ${code})`;
  return null;
}

describe('Hostile uploads through every upload endpoint (sandbox, real decoders and models)', () => {
  let stack: RunningStack;
  let api: ApiClient;
  let dataDir: string;
  let corpus: HostileUpload[];
  let key: string;
  let projectId: string;
  let pidsAtStart: Record<string, number | undefined>;
  let passport: DocumentFixture;
  const serviceLog: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-e2e-hostile-'));
    try {
      stack = await startStack({
        dataDir,
        // The campaign measures answers, not the limits: the limits have their own specs.
        env: {
          LOG_LEVEL: 'warn',
          KAFKA_BROKERS: '',
          RATE_LIMIT_UPLOADS_PER_MINUTE: '100000',
          RATE_LIMIT_SESSION_CREATES_PER_MINUTE: '100000',
          RATE_LIMIT_READS_PER_MINUTE: '100000',
        },
        log: (line) => serviceLog.push(line),
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${serviceLog.slice(-30).join('\n')}`);
    }
    api = new ApiClient(stack.baseUrl);
    pidsAtStart = stack.pids();
    corpus = await hostileUploads();
    passport = await documentFixture({ seed: 5 });
    const created = await api.request('POST', '/admin/v1/projects', {
      key: stack.credentials.adminToken,
      json: { name: 'hostile-uploads' },
    });
    projectId = created.body.project.id;
    key = created.body.keys.sandbox.secretKey;
    const topUp = await api.request('POST', `/admin/v1/projects/${projectId}/environments/sandbox/balance`, {
      key: stack.credentials.adminToken,
      json: { amount: 500 },
    });
    expect(topUp.status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A sandbox session with the end user's consent recorded, for the device routes. */
  const newSession = async (): Promise<CampaignSession> => {
    const created = await api.createSession(key, {
      clientMetadata: { email: `hostile-${Math.random().toString(36).slice(2)}@example.com` },
    });
    expect(created.status).toBe(201);
    const session = { sessionId: created.body.id as string, embedToken: created.body.embedToken as string };
    const consent = await api.request('POST', `/v1/kyc/consent/${session.sessionId}`, {
      key: session.embedToken,
      json: { textVersion: 'v1', locale: 'en' },
    });
    expect(consent.status).toBe(200);
    return session;
  };

  const endpoints: Endpoint[] = [
    {
      name: 'POST /v1/verifications/{id}/documents',
      callsPerSession: Infinity,
      send: (file, s) =>
        api.request('POST', `/v1/verifications/${s.sessionId}/documents`, { key, form: fileForm('images', file, { imageType: 'front' }) }),
    },
    {
      name: 'POST /v1/verifications/{id}/face',
      callsPerSession: Infinity,
      send: (file, s) => api.request('POST', `/v1/verifications/${s.sessionId}/face`, { key, form: fileForm('images', file) }),
    },
    {
      name: 'POST /v1/kyc/upload-document',
      callsPerSession: 20,
      send: (file, s) =>
        api.request('POST', '/v1/kyc/upload-document', {
          key: s.embedToken,
          form: fileForm('images', file, { sessionId: s.sessionId, imageType: 'front' }),
        }),
    },
    {
      name: 'POST /v1/kyc/upload-face',
      callsPerSession: 15,
      send: (file, s) =>
        api.request('POST', '/v1/kyc/upload-face', { key: s.embedToken, form: fileForm('images', file, { sessionId: s.sessionId }) }),
    },
    {
      name: 'POST /v1/kyc/check_liveness_base64',
      callsPerSession: 15,
      send: (file, s) =>
        api.request('POST', '/v1/kyc/check_liveness_base64', { key: s.embedToken, json: { base64: file.bytes.toString('base64') } }),
    },
    {
      name: 'POST /v1/kyc/upload-proof-of-address',
      callsPerSession: 6,
      prepare: async (s) => {
        for (const { side, image } of passport.sides)
          expect((await api.uploadDocument(key, s.sessionId, image, { imageType: side })).status).toBe(200);
      },
      send: (file, s) =>
        api.request('POST', '/v1/kyc/upload-proof-of-address', {
          key: s.embedToken,
          form: fileForm('document', file, { sessionId: s.sessionId }),
        }),
      // A type declared against the content is refused here (the PDF route trusts nothing it is told).
      expectationFor: (file) => (file.category === 'declared-type' ? 'either' : file.expectation),
    },
    {
      name: 'PUT /admin/v1/…/branding/logo',
      callsPerSession: Infinity,
      send: (file) =>
        api.request('PUT', `/admin/v1/projects/${projectId}/environments/sandbox/branding/logo`, {
          key: stack.credentials.adminToken,
          form: fileForm('logo', file),
        }),
    },
  ];

  const outcomes: Outcome[] = [];

  it.each(endpoints.map((e) => [e.name, e] as const))(
    '%s: every hostile file answered in the envelope, refused or judged as it should be',
    async (_name, endpoint) => {
      const open = async () => {
        const opened = await newSession();
        await endpoint.prepare?.(opened);
        return opened;
      };
      let session = await open();
      let callsOnSession = 0;
      const problems: string[] = [];
      for (const file of corpus) {
        if (callsOnSession === endpoint.callsPerSession) {
          session = await open();
          callsOnSession = 0;
        }
        callsOnSession++;
        const expectation = endpoint.expectationFor?.(file) ?? file.expectation;
        let response: ApiResponse;
        try {
          response = await endpoint.send(file, session);
        } catch (error) {
          response = { status: 0, headers: new Headers(), body: { transportError: (error as Error).message } };
        }
        const problem = response.status === 0 ? `no answer: ${response.body.transportError}` : judge(expectation, response);
        outcomes.push({
          endpoint: endpoint.name,
          file: file.name,
          category: file.category,
          expectation,
          status: response.status,
          errorCode: response.body?.errorCode ?? null,
          problem,
        });
        if (problem) problems.push(`${file.name} (${file.category}): ${problem}`);
      }
      expect(problems).toEqual([]);
    },
    600_000,
  );

  it('leaves every service running as the same process, healthy, with bounded peak memory; writes the figures', async () => {
    const pids = stack.pids();
    expect(pids).toEqual(pidsAtStart);
    const peakRssMb: Record<string, number> = {};
    for (const [service, pid] of Object.entries(pids)) {
      expect(pid).toBeDefined();
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      peakRssMb[service] = Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024);
    }
    const health = await api.request('GET', '/healthz');
    expect(health.status).toBe(200);

    const byStatus: Record<string, Record<string, number>> = {};
    for (const o of outcomes) {
      const answer = o.errorCode ? `${o.status} ${o.errorCode}` : String(o.status);
      byStatus[o.endpoint] ??= {};
      byStatus[o.endpoint][answer] = (byStatus[o.endpoint][answer] ?? 0) + 1;
    }
    const report = {
      files: corpus.length,
      uploads: outcomes.length,
      serverErrors: outcomes.filter((o) => o.status >= 500).length,
      droppedConnections: outcomes.filter((o) => o.status === 0).length,
      problems: outcomes.filter((o) => o.problem).length,
      answersByEndpoint: byStatus,
      peakRssMb,
      outcomes,
    };
    const reportsDir = path.resolve(__dirname, '..', '..', '..', 'reports');
    mkdirSync(reportsDir, { recursive: true });
    writeFileSync(path.join(reportsDir, 'hostile-uploads.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `hostile uploads: ${report.uploads} uploads of ${report.files} files, ${report.serverErrors} server errors, ` +
        `${report.droppedConnections} dropped, ${report.problems} problems; peak RSS MB ${JSON.stringify(peakRssMb)}\n` +
        JSON.stringify(byStatus, null, 2),
    );
    expect(report.uploads).toBeGreaterThanOrEqual(500);
    for (const [service, mb] of Object.entries(peakRssMb)) expect([service, mb <= MAX_PEAK_RSS_MB]).toEqual([service, true]);
  });
});
