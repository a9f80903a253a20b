import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { transliterateToMrz } from '@kyc/document-generator';
import { startStack, type RunningStack } from '@kyc/stack';
import { documentFixture, type DocumentFixture, groupPhoto, liveSelfie, proofOfAddressPdf, spoofSelfies } from '@kyc/verification-fixtures';
import { ApiClient, imageForm } from './api-client';
import { Receiver } from './webhook-receiver';

/**
 * The real pipeline with a sandbox key, over HTTP: OCR/MRZ/VIZ on generated documents at upload,
 * liveness on real selfies, face match against the printed portrait and the scoring policy at
 * submit. Each case ends in the state spec part 3 gives.
 */
describe('Sandbox pipeline (real models) over the running stack', () => {
  let stack: RunningStack;
  let api: ApiClient;
  let key: string;
  let dataDir: string;
  let genuinePassport: DocumentFixture;
  /** Every line the services wrote during the run, at the production log level (issue 26, item 10: scanned at the end). */
  const serviceLog: string[] = [];
  /** Every personal value this run sent or made the pipeline read: none may appear in `serviceLog`. */
  const personalValues = new Set<string>();
  const personal = <T extends string>(value: T): T => {
    personalValues.add(value);
    return value;
  };
  /** A generated document whose printed person (names, birth date, number) is remembered for the log scan. */
  const fixture = async (options: Parameters<typeof documentFixture>[0]) => {
    const made = await documentFixture(options);
    const { firstName, lastName, dateOfBirth, documentNumber } = made.expected;
    for (const name of [
      firstName,
      lastName,
      transliterateToMrz(firstName).replace(/</g, ' '),
      transliterateToMrz(lastName).replace(/</g, ' '),
    ])
      if (name.length >= 4) personal(name);
    personal(dateOfBirth);
    personal(documentNumber);
    return made;
  };
  /** The end user's device as the consent records it, through the proxy this stack trusts (loopback). */
  const endUserDevice = { 'user-agent': personal('KycE2E-Phone/7.3 (end-user-ua-5f1c)'), 'x-forwarded-for': personal('203.0.113.77') };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-e2e-pipeline-'));
    try {
      // The integrator's receiver below listens on loopback, which sandbox URLs refuse by default.
      stack = await startStack({
        dataDir,
        env: { LOG_LEVEL: 'info', KAFKA_BROKERS: '', WEBHOOK_ALLOW_PRIVATE_URLS: 'true', TRUSTED_PROXIES: '127.0.0.1' },
        log: (line) => serviceLog.push(line),
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${serviceLog.slice(-30).join('\n')}`);
    }
    api = new ApiClient(stack.baseUrl);
    genuinePassport = await fixture({ seed: 11 });
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Most cases show the same face, so each runs in its own project: duplicates are searched per
   * project environment, and one case's completion must not make the next one a duplicate.
   */
  let projectId: string;
  const isolatedProject = async () => {
    const created = await api.request('POST', '/admin/v1/projects', {
      key: stack.credentials.adminToken,
      json: { name: `pipeline-${Math.random().toString(36).slice(2)}` },
    });
    expect(created.status).toBe(201);
    return { projectId: created.body.project.id as string, key: created.body.keys.sandbox.secretKey as string };
  };
  beforeEach(async () => {
    ({ projectId, key } = await isolatedProject());
    personal(key);
  });
  const review = (sessionId: string, json: Record<string, string>) =>
    api.request('POST', `/admin/v1/projects/${projectId}/sessions/${sessionId}/review`, { key: stack.credentials.adminToken, json });

  /** The integrator's webhook receiver: a real HTTP server on loopback. */
  const receiver = new Receiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());
  const deliveriesFor = async (sessionId: string, count: number) =>
    (await receiver.waitFor(sessionId, count)).map((received) => JSON.parse(received.body));

  const newSession = async (email = `user-${Math.random().toString(36).slice(2)}@example.com`) => {
    const created = await api.createSession(key, { clientMetadata: { email: personal(email) } });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const uploadSides = async (sessionId: string, fixture: DocumentFixture) => {
    const responses = [];
    for (const { side, image } of fixture.sides) responses.push(await api.uploadDocument(key, sessionId, image, { imageType: side }));
    return responses;
  };

  it('completes a genuine passport with a live selfie of the same person, with the right extractedData', async () => {
    const sessionId = await newSession();
    const [main] = await uploadSides(sessionId, genuinePassport);
    expect(main.status).toBe(200);
    expect(main.body).toMatchObject({
      success: true,
      detectedDocumentType: 'passport',
      requiresBackSide: false,
      readyForVerification: true,
    });
    expect(main.body.issues ?? []).toEqual([]);

    const face = await api.uploadFace(key, sessionId, liveSelfie());
    expect(face.status).toBe(200);
    expect(face.body).toMatchObject({ success: true, readyForFinalVerification: true });
    expect(face.body.confidence).toBeGreaterThan(0.5);

    const submitted = await api.submit(key, sessionId);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ success: true, status: 'completed' });
    const { expected } = genuinePassport;
    // Names come from the MRZ first (issue 4), so in its transliteration (Schäfer → SCHAEFER);
    // nationality is alpha-3 (Germany prints D in its MRZ; the API says DEU).
    expect(submitted.body.data.extractedData).toMatchObject({
      firstName: transliterateToMrz(expected.firstName).replace(/</g, ' '),
      lastName: transliterateToMrz(expected.lastName).replace(/</g, ' '),
      dateOfBirth: expected.dateOfBirth,
      nationality: expected.nationality === 'D' ? 'DEU' : expected.nationality,
      sex: expected.sex,
    });
    expect(submitted.body.data.extractedData.documentNumber).toBeUndefined();
    expect(submitted.body.confidence).toBeGreaterThan(0.5);

    const read = await api.verification(key, sessionId);
    expect(read.body).toMatchObject({
      status: 'completed',
      verification: { status: 'success', faceMatchStatus: 'MATCHED', documentType: 'passport' },
    });
    expect(read.body.verification.faceMatchScore).toBeGreaterThanOrEqual(0.7);
    expect(read.body.verification.extractedData).toMatchObject({
      documentNumber: expected.documentNumber,
      expiryDate: expected.expiryDate,
    });
  });

  it('completes a verification done entirely with the embed token: consent, the ID card front and back, selfie, complete', async () => {
    const created = await api.createSession(key, {
      clientMetadata: {
        email: personal(`device-${Math.random().toString(36).slice(2)}@example.com`),
        fullName: personal('Henrietta Quellmalz'),
      },
    });
    const { id: sessionId, embedToken } = created.body as { id: string; embedToken: string };
    personal(embedToken);
    const device = (path: string, options: { form?: FormData; json?: unknown } = {}) =>
      api.request('POST', path, { key: embedToken, headers: endUserDevice, ...options });
    expect((await device(`/v1/kyc/consent/${sessionId}`, { json: { textVersion: 'widget-2026-11', locale: 'en-GB' } })).status).toBe(200);
    const card = await fixture({ seed: 14, documentType: 'id_card' });
    for (const { side, image } of card.sides) {
      const upload = await device('/v1/kyc/upload-document', { form: imageForm(image, `${side}.jpg`, { sessionId, imageType: side }) });
      expect([side, upload.status, upload.body.issues ?? []]).toEqual([side, 200, []]);
    }
    const precheck = await device('/v1/kyc/check_liveness_base64', { json: { base64: liveSelfie().toString('base64') } });
    expect(precheck.body.isLive).toBe(true);
    const face = await device('/v1/kyc/upload-face', { form: imageForm(liveSelfie(), 'selfie.jpg', { sessionId }) });
    expect(face.body).toMatchObject({ success: true, readyForFinalVerification: true });
    const completed = await device(`/v1/kyc/complete-verification/${sessionId}`);
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ success: true, status: 'completed' });
    expect(completed.body.data.extractedData.dateOfBirth).toBe(card.expected.dateOfBirth);
    expect((await api.verification(key, sessionId)).body).toMatchObject({ status: 'completed', verification: { status: 'success' } });
  });

  it('completes a mixed verification: the server creates and submits, the device uploads', async () => {
    const created = await api.createSession(key, { clientMetadata: { email: `mixed-${Math.random().toString(36).slice(2)}@example.com` } });
    const { id: sessionId, embedToken } = created.body as { id: string; embedToken: string };
    const device = (devicePath: string, options: { form?: FormData; json?: unknown }) =>
      api.request('POST', devicePath, { key: embedToken, ...options });
    expect((await device(`/v1/kyc/consent/${sessionId}`, { json: { textVersion: 'v1', locale: 'en' } })).status).toBe(200);
    const [main] = genuinePassport.sides;
    expect(
      (await device('/v1/kyc/upload-document', { form: imageForm(main.image, 'passport.jpg', { sessionId, imageType: main.side }) }))
        .status,
    ).toBe(200);
    expect((await device('/v1/kyc/upload-face', { form: imageForm(liveSelfie(), 'selfie.jpg', { sessionId }) })).status).toBe(200);
    const submitted = await api.submit(key, sessionId);
    expect(submitted.body).toMatchObject({ success: true, status: 'completed' });
    expect((await api.verification(key, sessionId)).body.verification).toMatchObject({
      status: 'success',
      poaStatus: null,
      isReused: false,
    });
  });

  it("a project requiring proof of address: refused before it, a fresh bill in the holder's name is read and verified, the completion webhook waits for it", async () => {
    const settings = await api.request('PATCH', `/admin/v1/projects/${projectId}/environments/sandbox/settings`, {
      key: stack.credentials.adminToken,
      json: { poaRequiredForVerification: true },
    });
    expect(settings.body).toMatchObject({ poaRequiredForVerification: true, poaMaxAgeMonths: 3 });
    const hook = await api.request('PUT', `/admin/v1/projects/${projectId}/environments/sandbox/webhook`, {
      key: stack.credentials.adminToken,
      json: { url: receiver.url },
    });
    expect(hook.status).toBe(200);

    const created = await api.createSession(key, { clientMetadata: { email: `poa-${Math.random().toString(36).slice(2)}@example.com` } });
    const { id: sessionId, embedToken } = created.body as { id: string; embedToken: string };
    const device = (method: string, devicePath: string, form?: FormData) => api.request(method, devicePath, { key: embedToken, form });
    expect(
      (await api.request('POST', `/v1/kyc/consent/${sessionId}`, { key: embedToken, json: { textVersion: 'v1', locale: 'de-DE' } })).status,
    ).toBe(200);
    const [main] = genuinePassport.sides;
    expect(
      (await device('POST', '/v1/kyc/upload-document', imageForm(main.image, 'passport.jpg', { sessionId, imageType: main.side }))).status,
    ).toBe(200);
    expect((await device('POST', '/v1/kyc/upload-face', imageForm(liveSelfie(), 'selfie.jpg', { sessionId }))).status).toBe(200);
    const early = await device('POST', `/v1/kyc/complete-verification/${sessionId}`);
    expect(early.body).toMatchObject({ errorCode: 'KYC_POA_REQUIRED' });

    const { firstName, lastName } = genuinePassport.expected;
    const issued = new Date(Date.now() - 12 * 86_400_000);
    const bill = await proofOfAddressPdf({ holder: `${firstName} ${lastName}`, issued });
    const form = new FormData();
    form.append('sessionId', sessionId);
    form.append('document', new Blob([new Uint8Array(bill)], { type: 'application/pdf' }), 'stromrechnung.pdf');
    const uploaded = await device('POST', '/v1/kyc/upload-proof-of-address/async', form);
    expect(uploaded.status).toBe(202);
    const completed = await device('POST', `/v1/kyc/complete-verification/${sessionId}`);
    expect(completed.body).toMatchObject({ success: true, status: 'completed' });

    let job = uploaded.body;
    for (let i = 0; i < 200 && job.poaStatus === 'pending'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await device('GET', `/v1/kyc/poa-status/${uploaded.body.jobId}`)).body;
    }
    expect(job).toMatchObject({ poaStatus: 'verified', reasons: [], documentKind: 'utility_bill' });
    const [delivery] = await receiver.waitFor(sessionId, 1);
    expect(JSON.parse(delivery.body).type).toBe('verification.completed');
    // Held until the proof of address was finished (spec part 6, rule 3).
    expect(delivery.receivedAt.getTime()).toBeGreaterThanOrEqual(Date.parse(job.completedAt));
    expect((await api.verification(key, sessionId)).body.verification).toMatchObject({ status: 'success', poaStatus: 'verified' });
  });

  it('fails an impostor selfie with KYC_020 and purges, and the session reopens on the next upload', async () => {
    const sessionId = await newSession();
    await uploadSides(sessionId, await fixture({ seed: 12, portrait: 'other_person' }));
    expect((await api.uploadFace(key, sessionId, liveSelfie())).status).toBe(200);
    const submitted = await api.submit(key, sessionId);
    expect(submitted.status).toBe(400);
    expect(submitted.body.errorCode).toBe('KYC_020');
    const read = await api.verification(key, sessionId);
    expect(read.body).toMatchObject({ status: 'failed', verification: { failureReason: 'KYC_020', faceMatchStatus: 'NOT_MATCHED' } });
    // Spec part 3: failed purges the extracted state, so the attempt shows no document data.
    expect(read.body.verification.extractedData).toEqual({});
    // Failed reopens on the next write, with a full re-upload (spec part 3, rule 1).
    const again = await api.uploadDocument(key, sessionId, genuinePassport.sides[0].image, { imageType: 'main' });
    expect(again.status).toBe(200);
    expect((await api.verification(key, sessionId)).body.status).toBe('connected');
  });

  it('fails an expired document with KYC_013', async () => {
    const sessionId = await newSession();
    // Seed 13's clean MRZ is one of the misses eval:documents counts (MRZ_DATA_UNREADABLE since detection runs at 736 px): not what this case is about.
    const expired = await fixture({ seed: 14, faults: ['expired'] });
    const [main] = await uploadSides(sessionId, expired);
    expect(main.status).toBe(200);
    expect((await api.uploadFace(key, sessionId, liveSelfie())).status).toBe(200);
    const submitted = await api.submit(key, sessionId);
    expect(submitted.body.errorCode).toBe('KYC_013');
    const read = await api.verification(key, sessionId);
    expect(read.body).toMatchObject({ status: 'failed', verification: { failureReason: 'KYC_013' } });
    expect(read.body.verification.extractedData).toEqual({});
  });

  it('refuses submit of an ID card without its back side (KYC_009), then completes once the back is in', async () => {
    const sessionId = await newSession();
    const card = await fixture({ seed: 14, documentType: 'id_card' });
    const front = card.sides.find((s) => s.side === 'front');
    const back = card.sides.find((s) => s.side === 'back');
    if (!front || !back) throw new Error('the ID card fixture has a front and a back');
    const frontUpload = await api.uploadDocument(key, sessionId, front.image, { imageType: 'front' });
    expect(frontUpload.body).toMatchObject({ detectedDocumentType: 'id_card', requiresBackSide: true, readyForVerification: false });
    expect((await api.uploadFace(key, sessionId, liveSelfie())).status).toBe(200);
    const early = await api.submit(key, sessionId);
    expect(early.status).toBe(400);
    expect(early.body.errorCode).toBe('KYC_009');
    expect((await api.uploadDocument(key, sessionId, back.image, { imageType: 'back' })).body).toMatchObject({
      readyForVerification: true,
    });
    const submitted = await api.submit(key, sessionId);
    expect(submitted.body.status).toBe('completed');
  });

  it('asks for the back side again when a card front was uploaded as the back (action_required, resubmit_back), then completes', async () => {
    const sessionId = await newSession();
    const frontTwice = await fixture({ seed: 14, documentType: 'id_card', faults: ['front_uploaded_as_back'] });
    const card = await fixture({ seed: 14, documentType: 'id_card' });
    expect(frontTwice.expected).toEqual(card.expected);
    for (const upload of await uploadSides(sessionId, frontTwice)) expect(upload.status).toBe(200);
    expect((await api.uploadFace(key, sessionId, liveSelfie())).status).toBe(200);
    const before = (await api.verification(key, sessionId)).body;

    const submitted = await api.submit(key, sessionId);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({
      success: false,
      status: 'action_required',
      nextAction: 'resubmit_back',
      issues: [{ code: 'MRZ_MISSING_BACK_SIDE' }],
    });
    const read = (await api.verification(key, sessionId)).body;
    expect(read).toMatchObject({ status: 'action_required', nextAction: 'resubmit_back', issues: [{ code: 'MRZ_MISSING_BACK_SIDE' }] });
    // Under review (spec 2.9): the attempt shows only id, status, confidence and failureReason.
    expect(Object.keys(read.verification).sort()).toEqual(['confidence', 'failureReason', 'id', 'status']);
    // TTL extended to 24 hours (spec part 3).
    expect(Date.parse(read.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(Date.parse(read.expiresAt)).toBeGreaterThan(Date.parse(before.expiresAt));

    // Rule 6: only the named side; the front and the selfie are refused, and the refusals change nothing.
    const front = card.sides.find((s) => s.side === 'front');
    const back = card.sides.find((s) => s.side === 'back');
    if (!front || !back) throw new Error('the ID card fixture has a front and a back');
    const wrongSide = await api.uploadDocument(key, sessionId, front.image, { imageType: 'front' });
    expect(wrongSide.status).toBe(409);
    expect(wrongSide.body).toMatchObject({ errorCode: 'KYC_SIDE_NOT_REQUESTED', details: { reasonCode: 'resubmit_back' } });
    expect((await api.uploadFace(key, sessionId, liveSelfie())).body.errorCode).toBe('KYC_SIDE_NOT_REQUESTED');
    expect((await api.verification(key, sessionId)).body.status).toBe('action_required');

    expect((await api.uploadDocument(key, sessionId, back.image, { imageType: 'back' })).status).toBe(200);
    const resubmitted = await api.submit(key, sessionId);
    expect(resubmitted.body).toMatchObject({ success: true, status: 'completed' });
    expect(resubmitted.body.data.extractedData.dateOfBirth).toBe(card.expected.dateOfBirth);
  });

  it('asks for a retake on the first low-quality upload (KYC_007), records the repeat, and routes to manual_review', async () => {
    const sessionId = await newSession();
    const blurred = await sharp(genuinePassport.sides[0].image).resize({ width: 360 }).blur(6).jpeg({ quality: 40 }).toBuffer();
    const first = await api.uploadDocument(key, sessionId, blurred, { imageType: 'main' });
    expect(first.status).toBe(400);
    expect(first.body.errorCode).toBe('KYC_007');
    const reasonCode: string = first.body.details.reasonCode;
    expect(reasonCode).toMatch(/^[A-Z_]+$/);
    const second = await api.uploadDocument(key, sessionId, blurred, { imageType: 'main' });
    expect(second.status).toBe(200);
    expect(second.body.issues).toEqual(expect.arrayContaining([{ code: reasonCode, scope: 'main' }]));
    expect((await api.uploadFace(key, sessionId, liveSelfie())).status).toBe(200);
    const submitted = await api.submit(key, sessionId);
    expect(submitted.body).toMatchObject({ success: false, status: 'manual_review' });
    expect(submitted.body.issues.length).toBeGreaterThan(0);
    const read = await api.verification(key, sessionId);
    expect(read.body.status).toBe('manual_review');
    expect(read.body.issues.length).toBeGreaterThan(0);

    // A reviewer rejects it: closed for good, with verification.status_changed.
    const hook = await api.request('PUT', `/admin/v1/projects/${projectId}/environments/sandbox/webhook`, {
      key: stack.credentials.adminToken,
      json: { url: receiver.url },
    });
    expect(hook.status).toBe(200);
    expect((await review(sessionId, { decision: 'reject', reviewer: 'ana' })).status).toBe(400);
    const rejected = await review(sessionId, { decision: 'reject', reviewer: 'ana', reason: 'document unreadable' });
    expect(rejected.body).toMatchObject({ status: 'rejected' });
    expect((await api.verification(key, sessionId)).body.status).toBe('rejected');
    const [delivery] = await deliveriesFor(sessionId, 1);
    expect(delivery).toMatchObject({
      type: 'verification.status_changed',
      data: { object: { status: 'rejected', rejection_reason: 'document unreadable', reviewed_by: 'ana' } },
    });
    expect((await review(sessionId, { decision: 'approve', reviewer: 'ana' })).body.errorCode).toBe('KYC_SESSION_NOT_IN_REVIEW');
  });

  describe('bad selfies', () => {
    it.each([0, 1])('rejects spoof-dev spoof #%i with 422 KYC_008b and records nothing', async (index) => {
      const sessionId = await newSession();
      const response = await api.uploadFace(key, sessionId, spoofSelfies()[index]);
      expect(response.status).toBe(422);
      expect(response.body.errorCode).toBe('KYC_008b');
      expect(response.body.details).toMatch(/^REASON\|SPOOF\|/);
      // Never accepted-and-recorded (spec part 3): the session is as it was, and submit still wants a selfie.
      expect((await api.verification(key, sessionId)).body).toMatchObject({ status: 'pending', verification: null });
      await uploadSides(sessionId, genuinePassport);
      const submitted = await api.submit(key, sessionId);
      expect(submitted.status).toBe(400);
      expect(submitted.body.errorCode).toBe('KYC_UPLOADS_MISSING');
    });

    it('rejects a document photo used as the selfie', async () => {
      const sessionId = await newSession();
      const response = await api.uploadFace(key, sessionId, genuinePassport.sides[0].image);
      expect(response.status).toBe(422);
      expect(response.body.errorCode).toBe('KYC_008b');
    });

    it('accepts a selfie without a face, and submit answers KYC_021 leaving the session open for a new selfie', async () => {
      const sessionId = await newSession();
      await uploadSides(sessionId, genuinePassport);
      const blank = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#d8d0c8' } })
        .jpeg()
        .toBuffer();
      expect((await api.uploadFace(key, sessionId, blank)).status).toBe(200);
      const submitted = await api.submit(key, sessionId);
      expect(submitted.status).toBe(400);
      expect(submitted.body.errorCode).toBe('KYC_021');
      // A new selfie fixes it, so the submit did not happen: the session stays open and no attempt is shown.
      expect((await api.verification(key, sessionId)).body).toMatchObject({ status: 'connected', verification: null });
      expect((await api.uploadFace(key, sessionId, liveSelfie())).status).toBe(200);
      expect((await api.submit(key, sessionId)).body.status).toBe('completed');
    });

    it('answers KYC_022 at submit for a selfie with several faces', async () => {
      const sessionId = await newSession();
      await uploadSides(sessionId, genuinePassport);
      const upload = await api.uploadFace(key, sessionId, groupPhoto());
      expect(upload.status).toBe(200);
      const submitted = await api.submit(key, sessionId);
      expect(submitted.status).toBe(400);
      expect(submitted.body.errorCode).toBe('KYC_022');
      expect((await api.verification(key, sessionId)).body).toMatchObject({ status: 'connected', verification: null });
    });

    it('takes a selfie before any document but is not ready, and refuses submit without a document', async () => {
      const sessionId = await newSession();
      const face = await api.uploadFace(key, sessionId, liveSelfie());
      expect(face.status).toBe(200);
      expect(face.body.readyForFinalVerification).toBe(false);
      const submitted = await api.submit(key, sessionId);
      expect(submitted.status).toBe(400);
      expect(submitted.body.errorCode).toBe('KYC_UPLOADS_MISSING');
      expect((await api.verification(key, sessionId)).body.status).toBe('connected');
    });
  });

  describe('device-side liveness pre-check, POST /v1/kyc/check_liveness_base64 (spec 4.9)', () => {
    const checkLiveness = (token: string, json: unknown) => api.request('POST', '/v1/kyc/check_liveness_base64', { key: token, json });
    /** A session whose end user has consented (spec 2.10), as the widget does before any capture. */
    const newDeviceSession = async ({ consent = true } = {}) => {
      const created = await api.createSession(key, {
        clientMetadata: { email: `device-${Math.random().toString(36).slice(2)}@example.com` },
      });
      const session = { sessionId: created.body.id as string, embedToken: created.body.embedToken as string };
      if (consent) {
        const given = await api.request('POST', `/v1/kyc/consent/${session.sessionId}`, {
          key: session.embedToken,
          json: { textVersion: 'v1', locale: 'en' },
        });
        expect(given.status).toBe(200);
      }
      return session;
    };
    /** A token signed as the session service would, but with claims or algorithm of the test's choosing. */
    const signedToken = (claims: Record<string, unknown>, alg: 'HS256' | 'HS512' = 'HS256') => {
      const { embedTokenSecret } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { embedTokenSecret: string };
      const encode = (part: unknown) => Buffer.from(JSON.stringify(part)).toString('base64url');
      const unsigned = `${encode({ alg, typ: 'JWT' })}.${encode(claims)}`;
      return `${unsigned}.${createHmac(alg === 'HS256' ? 'sha256' : 'sha512', embedTokenSecret)
        .update(unsigned)
        .digest('base64url')}`;
    };

    it('judges a live selfie live and a spoof not live, storing nothing on the session', async () => {
      const { sessionId, embedToken } = await newDeviceSession();
      const live = await checkLiveness(embedToken, { base64: liveSelfie().toString('base64') });
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ isLive: true, confidence: expect.any(Number) });
      expect(live.body.confidence).toBeGreaterThan(0.5);
      const spoof = await checkLiveness(embedToken, { base64: `data:image/jpeg;base64,${spoofSelfies()[0].toString('base64')}` });
      expect(spoof.status).toBe(200);
      expect(spoof.body.isLive).toBe(false);
      const verification = await api.verification(key, sessionId);
      expect(verification.body.status).toBe('pending');
      expect((await api.submit(key, sessionId)).status).toBe(400);
    });

    it('runs no face model before the consent: 409 KYC_CONSENT_REQUIRED', async () => {
      const { embedToken } = await newDeviceSession({ consent: false });
      const refused = await checkLiveness(embedToken, { base64: liveSelfie().toString('base64') });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ errorCode: 'KYC_CONSENT_REQUIRED', retryable: true });
    });

    it('refuses a missing, tampered, wrongly signed or expired token, and a secret key', async () => {
      const { sessionId, embedToken } = await newDeviceSession();
      const body = { base64: liveSelfie().toString('base64') };
      const [header, payload] = embedToken.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const unsignedNone = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      const otherSession = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: randomUUID() })).toString('base64url')}.${embedToken.split('.')[2]}`;
      for (const token of ['', unsignedNone, otherSession, signedToken(claims, 'HS512'), key]) {
        const response = await checkLiveness(token, body);
        expect(response.status).toBe(401);
        expect(response.body).toMatchObject({ errorCode: 'UNAUTHENTICATED', path: '/v1/kyc/check_liveness_base64' });
      }
      const expired = await checkLiveness(signedToken({ ...claims, sub: sessionId, exp: Math.floor(Date.now() / 1000) - 60 }), body);
      expect(expired.status).toBe(400);
      expect(expired.body.errorCode).toBe('KYC_003');
    });

    it('answers bad bodies in the envelope: KYC_006 for a non-image or mangled base64, VALIDATION_FAILED without base64, 413 past 10 MB', async () => {
      const { embedToken } = await newDeviceSession();
      const notAnImage = await checkLiveness(embedToken, { base64: Buffer.from('%PDF-1.7 not a selfie').toString('base64') });
      expect(notAnImage.status).toBe(400);
      expect(notAnImage.body.errorCode).toBe('KYC_006');
      expect((await checkLiveness(embedToken, { base64: 'not base64 at all!' })).body.errorCode).toBe('KYC_006');
      expect((await checkLiveness(embedToken, { image: liveSelfie().toString('base64') })).body.errorCode).toBe('VALIDATION_FAILED');
      const truncated = liveSelfie().subarray(0, 2_000).toString('base64');
      expect((await checkLiveness(embedToken, { base64: truncated })).body.errorCode).toBe('KYC_006');
      const tooLarge = await api.requestDeclaringLargeBody('POST', '/v1/kyc/check_liveness_base64', {
        key: embedToken,
        contentType: 'application/json',
        size: 15 * 1024 * 1024,
      });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.errorCode).toBe('PAYLOAD_TOO_LARGE');
    });

    it('allows 15 face or liveness calls per session in 3 minutes, then 429 with Retry-After, other sessions unaffected', async () => {
      const { embedToken } = await newDeviceSession();
      const junk = { base64: Buffer.from('not an image').toString('base64') };
      const answers = await Promise.all(Array.from({ length: 15 }, () => checkLiveness(embedToken, junk)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(15).fill(400));
      const limited = await checkLiveness(embedToken, { base64: liveSelfie().toString('base64') });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ errorCode: 'RATE_LIMITED', retryable: true });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(100);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(180);
      const other = await newDeviceSession();
      expect((await checkLiveness(other.embedToken, { base64: liveSelfie().toString('base64') })).status).toBe(200);
    });
  });

  it('raises the duplicate signal when the same face comes back under another identity: review, then the approval webhook carries it', async () => {
    const hook = await api.request('PUT', `/admin/v1/projects/${projectId}/environments/sandbox/webhook`, {
      key: stack.credentials.adminToken,
      json: { url: receiver.url },
    });
    expect(hook.status).toBe(200);
    const first = await newSession('duplicate.one@example.com');
    personal(hook.body.secret ?? '');
    await uploadSides(first, genuinePassport);
    await api.uploadFace(key, first, liveSelfie());
    expect((await api.submit(key, first)).body.status).toBe('completed');
    const [firstCompletion] = await deliveriesFor(first, 1);
    expect(firstCompletion.data.object).toMatchObject({ status: 'completed', duplicate: { suspected: false } });
    expect(JSON.stringify(firstCompletion)).not.toContain(genuinePassport.expected.documentNumber);
    // Enrolment follows the completion event; the webhook above arrived through the same relay.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const second = await newSession('duplicate.two@example.com');
    await uploadSides(second, await fixture({ seed: 21 }));
    await api.uploadFace(key, second, liveSelfie());
    const submitted = await api.submit(key, second);
    expect(submitted.body).toMatchObject({ status: 'manual_review', issues: [{ code: 'GENERIC_REVIEW' }] });
    // No webhook for manual_review (spec part 6, rule 2).
    expect(receiver.about(second)).toEqual([]);

    const approved = await review(second, { decision: 'approve', reviewer: 'ana' });
    expect(approved.body).toMatchObject({ status: 'completed' });
    const [completion] = await deliveriesFor(second, 1);
    expect(completion).toMatchObject({
      type: 'verification.completed',
      data: { object: { status: 'completed', duplicate: { suspected: true } } },
    });
  });

  // Last in the file: every case above has run and written its logs (issue 26, item 10).
  it('writes no personal value to any service log of the whole run: names, birth dates, numbers, e-mails, IP, user agent, tokens', () => {
    personalValues.delete('');
    personal(stack.credentials.adminToken);
    expect(personalValues.size).toBeGreaterThan(20);
    // At the production level the services write a line per analysed side, per attempt, per delivery…
    expect(serviceLog.length).toBeGreaterThan(20);
    const leaks = [...personalValues].flatMap((value) =>
      serviceLog.filter((line) => line.includes(value)).map((line) => `${value}: ${line.slice(0, 300)}`),
    );
    expect(leaks).toEqual([]);
  });
});
