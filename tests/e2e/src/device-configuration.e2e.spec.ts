import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startStack, type RunningStack } from '@kyc/stack';
import { encryptedPdf, garbledPdf, proofOfAddressPdf } from '@kyc/verification-fixtures';
import { ApiClient, imageForm } from './api-client';
import { sampleGif, sampleJpeg, samplePng } from './images';

/**
 * Project configuration per environment and the proof-of-address endpoints (spec part 1, 4.7,
 * 4.9), in test mode over the running stack: the settings through the admin API, what a session
 * takes from them, manual uploads refused, and every bad proof-of-address input answered in the
 * envelope with nothing left behind. The real reading of a proof of address runs in the sandbox
 * pipeline spec.
 */
describe('Project configuration and proof of address (test mode) over the running stack', () => {
  let stack: RunningStack;
  let api: ApiClient;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-e2e-config-'));
    const lines: string[] = [];
    try {
      stack = await startStack({
        dataDir,
        env: { AUTH_CACHE_TTL_MS: '0', LOG_LEVEL: 'warn', KAFKA_BROKERS: '' },
        log: (line) => lines.push(line),
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${lines.slice(-30).join('\n')}`);
    }
    api = new ApiClient(stack.baseUrl);
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const admin = (method: string, adminPath: string, json?: unknown) =>
    api.request(method, `/admin/v1${adminPath}`, { key: stack.credentials.adminToken, json });

  /** A fresh project, so that settings changed here touch no other test; its test-mode secret key. */
  const newProject = async (settings?: Record<string, unknown>) => {
    const created = await admin('POST', '/projects', { name: `config-${Math.random().toString(36).slice(2)}` });
    expect(created.status).toBe(201);
    const projectId = created.body.project.id as string;
    if (settings) expect((await admin('PATCH', `/projects/${projectId}/environments/test/settings`, settings)).status).toBe(200);
    return { projectId, key: created.body.keys.test.secretKey as string };
  };

  /** A test session with consent recorded and the passport page uploaded from the device. */
  const deviceSession = async (key: string) => {
    const created = await api.createSession(key, { clientMetadata: { email: 'alice.approved@example.com' } });
    const { id: sessionId, embedToken } = created.body as { id: string; embedToken: string };
    const device = (method: string, devicePath: string, options: { form?: FormData; json?: unknown } = {}) =>
      api.request(method, devicePath, { key: embedToken, ...options });
    expect((await device('POST', `/v1/kyc/consent/${sessionId}`, { json: { textVersion: 'v1', locale: 'en' } })).status).toBe(200);
    return { sessionId, embedToken, device, created: created.body };
  };
  const poaForm = (file: Buffer, filename: string, type: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('document', new Blob([new Uint8Array(file)], { type }), filename);
    return form;
  };

  describe('settings per environment (admin API)', () => {
    it('shows the defaults, changes only what is named, validates, and keeps environments apart', async () => {
      const { projectId } = await newProject();
      const shown = await admin('GET', `/projects/${projectId}/environments/live/settings`);
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual({
        environment: 'live',
        poaRequiredForVerification: false,
        poaMaxAgeMonths: 3,
        allowManualUpload: true,
        vaultReuseEnabled: false,
        vaultReuseMaxAgeDays: 365,
        vaultReuseBilling: 'charge',
        biometricRetentionDays: 365,
        updatedAt: null,
      });
      const changed = await admin('PATCH', `/projects/${projectId}/environments/live/settings`, { poaMaxAgeMonths: 6 });
      expect(changed.body).toMatchObject({ poaMaxAgeMonths: 6, poaRequiredForVerification: false, updatedAt: expect.any(String) });
      expect((await admin('GET', `/projects/${projectId}/environments/sandbox/settings`)).body.poaMaxAgeMonths).toBe(3);

      for (const bad of [
        { poaMaxAgeMonths: 0 },
        { poaMaxAgeMonths: 25 },
        { allowManualUpload: 'no' },
        { vaultReuseMaxAgeDays: 731 },
        { vaultReuseBilling: 'half' },
        { biometricRetentionDays: 29 },
        { unknown: true },
        {},
      ]) {
        const refused = await admin('PATCH', `/projects/${projectId}/environments/live/settings`, bad);
        expect(refused.status).toBe(400);
        expect(refused.body.errorCode).toBe('VALIDATION_FAILED');
      }
      expect((await admin('GET', `/projects/${projectId}/environments/prod/settings`)).status).toBe(400);
      expect((await admin('GET', `/projects/00000000-0000-4000-8000-000000000000/environments/live/settings`)).status).toBe(404);
      expect((await api.request('GET', `/admin/v1/projects/${projectId}/environments/live/settings`)).status).toBe(401);
    });

    it('allowManualUpload off: the session says so, file uploads are 403 KYC_MANUAL_UPLOAD_DISABLED, camera captures pass', async () => {
      const { key } = await newProject({ allowManualUpload: false });
      const created = await api.createSession(key, { clientMetadata: { email: 'alice.approved@example.com' } });
      expect(created.body.allowManualUpload).toBe(false);
      const sessionId = created.body.id as string;
      const image = await sampleJpeg();
      for (const fields of [{ imageType: 'main' }, { imageType: 'main', capture: 'file' }] as Record<string, string>[]) {
        const refused = await api.uploadDocument(key, sessionId, image, fields);
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ errorCode: 'KYC_MANUAL_UPLOAD_DISABLED', retryable: true });
      }
      expect((await api.uploadFace(key, sessionId, image)).body.errorCode).toBe('KYC_MANUAL_UPLOAD_DISABLED');
      expect((await api.uploadDocument(key, sessionId, image, { imageType: 'main', capture: 'camera' })).status).toBe(200);
      const face = await api.request('POST', `/v1/verifications/${sessionId}/face`, {
        key,
        form: imageForm(image, 'selfie.jpg', { capture: 'camera' }),
      });
      expect(face.status).toBe(200);
      expect((await api.uploadDocument(key, sessionId, image, { imageType: 'main', capture: 'scanner' })).status).toBe(400);
    });
  });

  describe('proof of address (spec 4.9)', () => {
    it('required: complete-verification before it is 400 KYC_POA_REQUIRED; uploaded, the verification completes with poaStatus', async () => {
      const { key } = await newProject({ poaRequiredForVerification: true });
      const { sessionId, device } = await deviceSession(key);
      const image = await sampleJpeg();
      expect(
        (await device('POST', '/v1/kyc/upload-document', { form: imageForm(image, 'p.jpg', { sessionId, imageType: 'main' }) })).status,
      ).toBe(200);
      expect((await device('POST', '/v1/kyc/upload-face', { form: imageForm(image, 's.jpg', { sessionId }) })).status).toBe(200);
      const early = await device('POST', `/v1/kyc/complete-verification/${sessionId}`);
      expect(early.status).toBe(400);
      expect(early.body).toMatchObject({ errorCode: 'KYC_POA_REQUIRED', retryable: true });

      const pdf = await proofOfAddressPdf({ holder: 'Alice Approved', issued: new Date() });
      const uploaded = await device('POST', '/v1/kyc/upload-proof-of-address/async', {
        form: poaForm(pdf, 'bill.pdf', 'application/pdf', { sessionId }),
      });
      expect(uploaded.status).toBe(202);
      expect(uploaded.body).toMatchObject({ success: true, sessionId, poaStatus: expect.stringMatching(/^(pending|verified)$/) });
      const jobId = uploaded.body.jobId as string;
      let status = uploaded.body;
      for (let i = 0; i < 50 && status.poaStatus === 'pending'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await device('GET', `/v1/kyc/poa-status/${jobId}`)).body;
      }
      // Test mode analyses nothing (spec part 1): a valid file is verified.
      expect(status).toMatchObject({ jobId, poaStatus: 'verified', reasons: [], completedAt: expect.any(String) });

      const completed = await device('POST', `/v1/kyc/complete-verification/${sessionId}`);
      expect(completed.body).toMatchObject({ success: true, status: 'completed' });
      const read = await api.verification(key, sessionId);
      expect(read.body.verification).toMatchObject({ poaStatus: 'verified', isReused: false });
    });

    it('bad input gets its documented error and leaves no job: encrypted, truncated, renamed, foreign, early, and past the limit', async () => {
      const { key } = await newProject();
      const pdf = await proofOfAddressPdf({ holder: 'Alice Approved', issued: new Date() });
      const uploadWith = (device: Awaited<ReturnType<typeof deviceSession>>['device']) => (form: FormData) =>
        device('POST', '/v1/kyc/upload-proof-of-address', { form });
      const uploadPassport = async (session: Awaited<ReturnType<typeof deviceSession>>) => {
        const form = imageForm(await sampleJpeg(), 'p.jpg', { sessionId: session.sessionId, imageType: 'main' });
        expect((await session.device('POST', '/v1/kyc/upload-document', { form })).status).toBe(200);
      };

      const other = await deviceSession(key);
      const uploadOther = uploadWith(other.device);
      // Before the identity document: its name has nothing to be matched against.
      const early = await uploadOther(poaForm(pdf, 'bill.pdf', 'application/pdf', { sessionId: other.sessionId }));
      expect(early.status).toBe(409);
      expect(early.body.errorCode).toBe('KYC_POA_NEEDS_DOCUMENT');
      await uploadPassport(other);
      const text = await uploadOther(poaForm(Buffer.from('name,street\n'), 'bill.csv', 'text/csv', { sessionId: other.sessionId }));
      expect(text.body.errorCode).toBe('KYC_006');
      const missing = await uploadOther(imageForm(pdf, 'bill.pdf', { sessionId: other.sessionId }));
      expect(missing.body).toMatchObject({ errorCode: 'KYC_006', message: expect.stringContaining('"document"') });

      const session = await deviceSession(key);
      const { sessionId, device } = session;
      const upload = uploadWith(device);
      await uploadPassport(session);
      const cases: [string, FormData, string][] = [
        ['encrypted', poaForm(encryptedPdf(), 'bill.pdf', 'application/pdf', { sessionId }), 'PDF_ENCRYPTED'],
        ['garbled', poaForm(garbledPdf(), 'bill.pdf', 'application/pdf', { sessionId }), 'PDF_MALFORMED'],
        ['a PNG named .pdf', poaForm(await samplePng(), 'bill.pdf', 'application/pdf', { sessionId }), 'DECLARED_TYPE_MISMATCH'],
      ];
      for (const [name, form, reasonCode] of cases) {
        const refused = await upload(form);
        expect({ name, status: refused.status, errorCode: refused.body.errorCode, reasonCode: refused.body.details?.reasonCode }).toEqual({
          name,
          status: 400,
          errorCode: 'KYC_006',
          reasonCode,
        });
      }
      // The token's own session only: another session's id is 404 KYC_001, as an unknown one.
      const foreign = await upload(poaForm(pdf, 'bill.pdf', 'application/pdf', { sessionId: other.sessionId }));
      expect(foreign.status).toBe(404);
      expect(foreign.body.errorCode).toBe('KYC_001');
      const form = () => poaForm(pdf, 'b.pdf', 'application/pdf', { sessionId });
      expect((await api.request('POST', '/v1/kyc/upload-proof-of-address', { key, form: form() })).status).toBe(401);
      expect((await api.request('POST', '/v1/kyc/upload-proof-of-address', { form: form() })).status).toBe(401);

      // The refusals recorded nothing: the verification read has no proof of address.
      const accepted = await upload(form());
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ poaStatus: 'verified', reasons: [] });
      // A job of this session is not readable with another session's token.
      expect((await other.device('GET', `/v1/kyc/poa-status/${accepted.body.jobId}`)).status).toBe(404);
      expect((await device('GET', '/v1/kyc/poa-status/not-a-job')).status).toBe(404);
      expect((await device('GET', `/v1/kyc/poa-status/${accepted.body.jobId}`)).body).toMatchObject({ poaStatus: 'verified' });

      // Part 8: 6 proof-of-address uploads per session in 3 minutes, refused ones included (5 so far on this session).
      expect((await upload(form())).status).toBe(200);
      const limited = await upload(form());
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('branding of the hosted pages (admin API, design tokens, widget open)', () => {
    it('sets legible branding, refuses illegible colours whole, and serves it by publishable key and to the widget', async () => {
      const created = await admin('POST', '/projects', { name: `brand-${Math.random().toString(36).slice(2)}` });
      const projectId = created.body.project.id as string;
      const publishableKey = created.body.keys.test.publishableKey as string;
      const key = created.body.keys.test.secretKey as string;
      const branding = `/projects/${projectId}/environments/test/branding`;

      const changed = await admin('PATCH', branding, { colorPrimary: '#0B6E4F', cornerRadiusPx: 4, fontFamily: 'Georgia' });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({
        object: 'branding',
        projectId,
        environment: 'test',
        colors: { primary: '#0b6e4f' },
        cornerRadiusPx: 4,
        fontFamily: 'Georgia, sans-serif',
        logoUrl: null,
      });

      // White on yellow: refused with the pair named, and nothing changed.
      const illegible = await admin('PATCH', branding, { colorPrimary: '#ffd400', cornerRadiusPx: 20 });
      expect(illegible.status).toBe(400);
      expect(illegible.body.errorCode).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(illegible.body)).toMatch(/colorOnPrimary on colorPrimary contrast is 1\.\d\d:1/);
      expect((await admin('GET', branding)).body).toMatchObject({ colors: { primary: '#0b6e4f' }, cornerRadiusPx: 4 });
      expect((await admin('PATCH', branding, { colorPrimary: 'url(x)' })).status).toBe(400);
      expect((await admin('PATCH', branding, { unknown: 1 })).status).toBe(400);

      // A logo: decoded, fitted and stored as PNG; a GIF is refused.
      const logoForm = (file: Buffer, type: string, name: string) => {
        const form = new FormData();
        form.append('logo', new Blob([new Uint8Array(file)], { type }), name);
        return form;
      };
      const uploaded = await api.request('PUT', `/admin/v1${branding}/logo`, {
        key: stack.credentials.adminToken,
        form: logoForm(await sampleJpeg(1200, 400), 'image/jpeg', 'logo.jpg'),
      });
      expect(uploaded.status).toBe(200);
      expect(uploaded.body.logoUrl).toMatch(/^\/v1\/public\/branding\/logos\/[0-9a-f]{64}\.png$/);
      const gif = await api.request('PUT', `/admin/v1${branding}/logo`, {
        key: stack.credentials.adminToken,
        form: logoForm(await sampleGif(), 'image/gif', 'logo.gif'),
      });
      expect(gif.status).toBe(400);
      const logo = await fetch(stack.baseUrl + uploaded.body.logoUrl);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toBe('image/png');
      expect(logo.headers.get('cache-control')).toMatch(/immutable/);
      const png = Buffer.from(await logo.arrayBuffer());
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(600); // fitted into 600×200
      expect((await fetch(`${stack.baseUrl}/v1/public/branding/logos/${'0'.repeat(64)}.png`)).status).toBe(404);

      // Public design tokens by publishable key: the same values, readable from any origin.
      const tokens = await api.request('GET', `/public/design-tokens?publishableKey=${encodeURIComponent(publishableKey)}`);
      expect(tokens.status).toBe(200);
      expect(tokens.headers.get('access-control-allow-origin')).toBe('*');
      expect(tokens.body).toMatchObject({
        object: 'design_tokens',
        environment: 'test',
        logoUrl: uploaded.body.logoUrl,
        cssVariables: { '--kyc-primary': '#0b6e4f', '--kyc-radius': '4px', '--kyc-font': 'Georgia, sans-serif' },
      });
      expect(JSON.stringify(tokens.body)).not.toContain(projectId);
      expect((await api.request('GET', '/public/design-tokens')).status).toBe(400);
      expect((await api.request('GET', `/public/design-tokens?publishableKey=${key}`)).status).toBe(400);
      expect((await api.request('GET', '/public/design-tokens?publishableKey=pk_test_unknownunknown')).status).toBe(404);

      // The hosted page gets them when it opens the session.
      const { sessionId, device } = await deviceSession(key);
      const opened = await device('POST', `/v1/kyc/widget/open/${sessionId}`, { json: {} });
      expect(opened.status).toBe(200);
      expect(opened.body.designTokens).toEqual(tokens.body);

      // Removing the logo deletes it; a rotated publishable key no longer finds the branding.
      expect((await admin('DELETE', `${branding}/logo`)).body.logoUrl).toBeNull();
      expect((await fetch(stack.baseUrl + uploaded.body.logoUrl)).status).toBe(404);
      expect((await admin('POST', `/projects/${projectId}/environments/test/keys/rotate`)).status).toBe(200);
      expect((await api.request('GET', `/public/design-tokens?publishableKey=${encodeURIComponent(publishableKey)}`)).status).toBe(404);
    });
  });
});
