import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { type EnvironmentName, faceMatchStatuses, projectEnvironments } from '@kyc/contracts';
import { analyzeFace } from '@kyc/face';
import { AdmissionGate } from '@kyc/grpc';
import { withServiceDatabase } from '@kyc/testing';
import { createBiometricsDataSource } from '../infrastructure/data-source';
import { FaceMatchService, type PortraitSource } from '../application/face-match.service';
import { EmbeddingCipher } from '../infrastructure/embedding-cipher';
import { SelfieRepository } from '../infrastructure/selfie.repository';
import { BiometricsGrpcController } from '../transport/biometrics.grpc-controller';

/** Selfie uploads through the real face models and PostgreSQL (sandbox/live behaviour). */
const SPOOF_DEV = join(__dirname, '../../../../../shared/data/spoof-dev');
if (!existsSync(SPOOF_DEV)) throw new Error(`spoof-dev not found at ${SPOOF_DEV} (../shared/data beside the checkout)`);
const FACES_DEV = join(SPOOF_DEV, '..', 'faces-dev');

/**
 * The document service's side of GetPortrait: the portrait crop each session's document carries.
 * (The e2e suite runs the real document service; here the crop is set per session.)
 */
class PortraitsBySession implements PortraitSource {
  readonly crops = new Map<string, Buffer>();
  async getPortrait(sessionId: string) {
    const image = this.crops.get(sessionId);
    return image ? { found: true, image, side: 'main' } : { found: false, image: Buffer.alloc(0), side: '' };
  }
}

describe('biometrics selfie checks', () => {
  const database = withServiceDatabase(createBiometricsDataSource);
  let controller: BiometricsGrpcController;
  let selfies: SelfieRepository;
  const portraits = new PortraitsBySession();

  beforeAll(() => {
    selfies = new SelfieRepository(database.dataSource, new EmbeddingCipher(randomBytes(32)));
    controller = new BiometricsGrpcController(
      selfies,
      new FaceMatchService(selfies, portraits),
      new AdmissionGate('biometrics service', { maxConcurrent: 4, maxQueued: 16, retryAfterSeconds: 2 }),
    );
  });

  const PROJECT = randomUUID();
  /** A selfie stored as a candidate only (the session has not accepted it). */
  const candidate = (sessionId: string, image: Buffer, projectId = PROJECT, dataGeneration = 0) =>
    controller.analyzeSelfie({ sessionId, projectId, image, testMode: false, dataGeneration });
  /** A selfie the session accepted: analysed, then promoted as the session service does. */
  const upload = async (sessionId: string, image: Buffer, projectId = PROJECT) => {
    const answer = await candidate(sessionId, image, projectId);
    if (answer.live) await controller.promoteSelfie({ sessionId, uploadId: answer.uploadId });
    return answer;
  };
  const match = (
    sessionId: string,
    keys: { identityKey?: string; emailKey?: string; projectId?: string; environment?: EnvironmentName } = {},
  ) =>
    controller.matchFace({
      sessionId,
      testMode: false,
      projectId: keys.projectId ?? PROJECT,
      environment: projectEnvironments.toWire(keys.environment ?? 'sandbox'),
      identityKey: keys.identityKey ?? '',
      emailKey: keys.emailKey ?? '',
    });
  const live = readFileSync(join(SPOOF_DEV, 'image_T1.jpg'));
  /** The live selfie's face, cropped the way the document service crops a portrait. */
  const portraitOfLivePerson = async () => {
    const face = await analyzeFace(live);
    if (face.kind !== 'face') throw new Error(`the live sample should show one face (${face.kind})`);
    // The box is in the EXIF-oriented frame, as the document service's stored images are.
    const upright = await sharp(live).rotate().toBuffer({ resolveWithObject: true });
    const { x, y, width, height } = face.face.box;
    const margin = 0.4;
    const left = Math.max(0, Math.round(x - width * margin));
    const top = Math.max(0, Math.round(y - height * margin));
    const extract = {
      left,
      top,
      width: Math.min(upright.info.width - left, Math.round(width * (1 + 2 * margin))),
      height: Math.min(upright.info.height - top, Math.round(height * (1 + 2 * margin))),
    };
    // Printed portraits are small, greyish and compressed.
    return sharp(upright.data).extract(extract).resize({ width: 160 }).modulate({ saturation: 0.3 }).jpeg({ quality: 60 }).toBuffer();
  };

  it('accepts a live selfie and keeps its face descriptor for matching', async () => {
    const sessionId = randomUUID();
    const result = await upload(sessionId, readFileSync(join(SPOOF_DEV, 'image_T1.jpg')));
    expect(result).toMatchObject({ live: true, faceDetected: true, rejectionDetails: '' });
    expect(result.livenessConfidence).toBeGreaterThan(0.5);
    const stored = await selfies.find(sessionId);
    expect(stored?.status).toBe('live');
    expect(stored?.embedding).toHaveLength(128);
    await expect(match(sessionId)).resolves.toMatchObject({
      status: faceMatchStatuses.toWire('NOT_PERFORMED'),
      performed: false,
      detail: expect.stringMatching(/no portrait/),
    });
  }, 60_000);

  it.each(['image_F1.jpg', 'image_F2.jpg'])(
    'rejects the spoof %s with REASON|SPOOF|… and records nothing',
    async (file) => {
      const sessionId = randomUUID();
      const result = await upload(sessionId, readFileSync(join(SPOOF_DEV, file)));
      expect(result.live).toBe(false);
      expect(result.rejectionDetails).toMatch(/^REASON\|SPOOF\|[A-Z_]+$/);
      expect(await selfies.find(sessionId)).toBeNull();
    },
    60_000,
  );

  it("records a selfie without a face, and submit's match then answers KYC_021", async () => {
    const sessionId = randomUUID();
    const blank = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#d0c8c0' } })
      .jpeg()
      .toBuffer();
    expect(await upload(sessionId, blank)).toMatchObject({ live: true, faceDetected: false, livenessConfidence: 0 });
    await expect(match(sessionId)).rejects.toMatchObject({ code: 'KYC_021' });
    await expect(match(randomUUID())).rejects.toMatchObject({ code: 'KYC_021' });
  }, 60_000);

  it('matches the selfie against its own document portrait (MATCHED, score in [0,1])', async () => {
    const sessionId = randomUUID();
    await upload(sessionId, live);
    portraits.crops.set(sessionId, await portraitOfLivePerson());
    const result = await match(sessionId);
    expect(result).toMatchObject({ status: faceMatchStatuses.toWire('MATCHED'), performed: true, duplicate: { suspected: false } });
    expect(result.score).toBeGreaterThanOrEqual(0.7);
    expect(result.score).toBeLessThanOrEqual(1);
    expect(result.livenessConfidence).toBeGreaterThan(0.5);
  }, 60_000);

  it('tells an impostor: a portrait of someone else is NOT_MATCHED', async () => {
    const sessionId = randomUUID();
    await upload(sessionId, live);
    portraits.crops.set(sessionId, readFileSync(join(FACES_DEV, 'amy', readdirSync(join(FACES_DEV, 'amy')).sort()[0])));
    const result = await match(sessionId);
    expect(result).toMatchObject({ status: faceMatchStatuses.toWire('NOT_MATCHED'), performed: true });
    expect(result.score).toBeLessThan(0.3);
  }, 60_000);

  it('does not pretend when the portrait has no face: NOT_PERFORMED', async () => {
    const sessionId = randomUUID();
    await upload(sessionId, live);
    portraits.crops.set(
      sessionId,
      await sharp({ create: { width: 200, height: 260, channels: 3, background: '#ccc' } })
        .jpeg()
        .toBuffer(),
    );
    await expect(match(sessionId)).resolves.toMatchObject({
      status: faceMatchStatuses.toWire('NOT_PERFORMED'),
      performed: false,
      score: 0,
    });
  }, 60_000);

  it('does not fail a person on a crop that shows no face the detector finds: NOT_PERFORMED, not NOT_MATCHED', async () => {
    // What GetPortrait cut from an eval:pipeline passport when the portrait search took a block of
    // printed text for the face: the face library embeds it only through its whole-image fallback.
    const textCrop = readFileSync(join(__dirname, 'fixtures', 'portrait-crop-of-printed-text.jpg'));
    const analysed = await analyzeFace(textCrop);
    expect(analysed.kind === 'face' || analysed.kind === 'low_quality' ? analysed.detection : analysed.kind).toBe('whole_image');
    const sessionId = randomUUID();
    await upload(sessionId, live);
    portraits.crops.set(sessionId, textCrop);
    await expect(match(sessionId)).resolves.toMatchObject({
      status: faceMatchStatuses.toWire('NOT_PERFORMED'),
      performed: false,
      score: 0,
    });
  }, 60_000);

  it('raises the duplicate signal for the same face under another identity or e-mail, only after the earlier one completed, and forgets purged faces', async () => {
    const first = randomUUID();
    await upload(first, live);
    await match(first, { identityKey: 'alice', emailKey: 'alice-mail' });
    // Not completed yet: not in the index.
    const early = randomUUID();
    await upload(early, live);
    expect((await match(early, { identityKey: 'bob', emailKey: 'bob-mail' })).duplicate?.suspected).toBe(false);

    expect(await selfies.enroll(first)).toBe(true);
    expect(await selfies.enroll(first)).toBe(false);

    const otherIdentity = randomUUID();
    await upload(otherIdentity, live);
    expect((await match(otherIdentity, { identityKey: 'bob', emailKey: 'bob-mail' })).duplicate).toEqual({
      suspected: true,
      matches: 1,
      reason: 'different_identity',
      matchedSessionIds: [first],
    });
    // The index is per project environment: the same face under another identity in live, or in another project, is none.
    const inLive = randomUUID();
    await upload(inLive, live);
    expect((await match(inLive, { identityKey: 'bob', emailKey: 'bob-mail', environment: 'live' })).duplicate?.suspected).toBe(false);
    const otherProject = randomUUID();
    const elsewhere = randomUUID();
    await upload(elsewhere, live, otherProject);
    expect((await match(elsewhere, { identityKey: 'bob', emailKey: 'bob-mail', projectId: otherProject })).duplicate?.suspected).toBe(
      false,
    );
    const otherEmail = randomUUID();
    await upload(otherEmail, live);
    expect((await match(otherEmail, { identityKey: 'alice', emailKey: 'second-mail' })).duplicate).toEqual({
      suspected: true,
      matches: 1,
      reason: 'different_email',
      matchedSessionIds: [first],
    });
    const samePerson = randomUUID();
    await upload(samePerson, live);
    expect((await match(samePerson, { identityKey: 'alice', emailKey: 'alice-mail' })).duplicate?.suspected).toBe(false);
    // Another face is never a duplicate.
    const stranger = randomUUID();
    await upload(stranger, readFileSync(join(FACES_DEV, 'bbt1.jpg')));
    const strangerMatch = await match(stranger, { identityKey: 'bob', emailKey: 'bob-mail' }).catch((error: Error) => error);
    if (!(strangerMatch instanceof Error)) expect(strangerMatch.duplicate?.suspected).toBe(false);

    await expect(controller.purgeSession({ sessionId: first })).resolves.toEqual({ purged: true });
    expect(await selfies.find(first)).toBeNull();
    const afterPurge = randomUUID();
    await upload(afterPurge, live);
    expect((await match(afterPurge, { identityKey: 'bob', emailKey: 'bob-mail' })).duplicate?.suspected).toBe(false);
  }, 120_000);

  it("changes the session's selfie only on promotion, never once enrolled, and sweeps what was never promoted", async () => {
    const sessionId = randomUUID();
    // The same person mirrored: live, with a descriptor of its own.
    const mirrored = await sharp(live).rotate().flop().jpeg({ quality: 90 }).toBuffer();
    const first = await candidate(sessionId, live);
    expect(first.uploadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await selfies.find(sessionId)).toBeNull();
    await controller.promoteSelfie({ sessionId, uploadId: first.uploadId });
    const accepted = (await selfies.find(sessionId))!.embedding!;
    await expect(controller.promoteSelfie({ sessionId, uploadId: first.uploadId })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

    // The verification completes and its face is enrolled; an upload that raced it is stored but never replaces that face.
    await match(sessionId, { identityKey: 'carol', emailKey: 'carol-mail' });
    expect(await selfies.enroll(sessionId)).toBe(true);
    const late = await candidate(sessionId, mirrored);
    expect(late.live).toBe(true);
    await expect(controller.promoteSelfie({ sessionId, uploadId: late.uploadId })).rejects.toMatchObject({ code: 'KYC_SESSION_CLOSED' });
    expect(Buffer.from((await selfies.find(sessionId))!.embedding!.buffer).equals(Buffer.from(accepted.buffer))).toBe(true);

    // Another session's candidate cannot be promoted into this one.
    const other = randomUUID();
    const foreign = await candidate(other, live);
    await expect(controller.promoteSelfie({ sessionId: randomUUID(), uploadId: foreign.uploadId })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });

    const candidatesOf = async (id: string) =>
      (await database.dataSource.query(`SELECT count(*)::int AS n FROM biometrics.selfie_candidates WHERE session_id = $1`, [id]))[0]
        .n as number;
    expect(await candidatesOf(sessionId)).toBe(1);
    expect(await selfies.deleteStaleCandidates(new Date(Date.now() - 60_000))).toBe(0);
    // A purge takes the candidates with the selfie.
    await controller.purgeSession({ sessionId });
    expect(await candidatesOf(sessionId)).toBe(0);
    expect(await selfies.deleteStaleCandidates(new Date(Date.now() + 1_000))).toBeGreaterThanOrEqual(1);
    expect(await candidatesOf(other)).toBe(0);
  }, 60_000);

  it('purges only the data generations it was asked for: a selfie of the reopened session stays', async () => {
    const sessionId = randomUUID();
    const old = await candidate(sessionId, live, PROJECT, 0);
    await controller.promoteSelfie({ sessionId, uploadId: old.uploadId });
    // Failed (purge of generation 0 queued), reopened, and a new selfie accepted before the purge ran.
    const reopened = await candidate(sessionId, live, PROJECT, 1);
    await controller.promoteSelfie({ sessionId, uploadId: reopened.uploadId });
    const stale = await candidate(sessionId, live, PROJECT, 0);
    await expect(controller.purgeSession({ sessionId, throughGeneration: 0 })).resolves.toEqual({ purged: false });
    expect(await selfies.find(sessionId)).not.toBeNull();
    await expect(controller.promoteSelfie({ sessionId, uploadId: stale.uploadId })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await expect(controller.purgeSession({ sessionId })).resolves.toEqual({ purged: true });
    expect(await selfies.find(sessionId)).toBeNull();
  }, 60_000);

  it('answers the stateless liveness pre-check without storing anything', async () => {
    const countSelfies = async () =>
      (
        await database.dataSource.query(
          `SELECT (SELECT count(*) FROM biometrics.selfies) + (SELECT count(*) FROM biometrics.selfie_candidates) AS count`,
        )
      )[0].count as string;
    const before = await countSelfies();
    await expect(controller.checkLiveness({ image: live, testMode: false })).resolves.toMatchObject({ isLive: true });
    const spoof = await controller.checkLiveness({ image: readFileSync(join(SPOOF_DEV, 'image_F1.jpg')), testMode: false });
    expect(spoof.isLive).toBe(false);
    const blank = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#d0c8c0' } })
      .jpeg()
      .toBuffer();
    await expect(controller.checkLiveness({ image: blank, testMode: false })).resolves.toEqual({ isLive: false, confidence: 0 });
    await expect(controller.checkLiveness({ image: Buffer.from('not an image'), testMode: false })).rejects.toMatchObject({
      code: 'KYC_006',
    });
    expect(await countSelfies()).toBe(before);
  }, 60_000);

  it('answers a test-mode pre-check without the models (spec part 1), but still refuses a non-image', async () => {
    // The printed-photo spoof: the models call it not live; test mode does not ask them.
    await expect(controller.checkLiveness({ image: readFileSync(join(SPOOF_DEV, 'image_F1.jpg')), testMode: true })).resolves.toEqual({
      isLive: true,
      confidence: 0.98,
    });
    await expect(controller.checkLiveness({ image: Buffer.from('not an image'), testMode: true })).rejects.toMatchObject({
      code: 'KYC_006',
    });
  });

  it('answers an analysis over the admission limit at once with a retryable SERVICE_UNAVAILABLE (issue 26, item 4)', async () => {
    const busy = new BiometricsGrpcController(
      selfies,
      new FaceMatchService(selfies, portraits),
      new AdmissionGate('biometrics service', { maxConcurrent: 1, maxQueued: 0, retryAfterSeconds: 2 }),
    );
    const image = readFileSync(join(SPOOF_DEV, 'image_T1.jpg'));
    const answers = await Promise.allSettled([
      busy.checkLiveness({ image, testMode: false }),
      busy.checkLiveness({ image, testMode: false }),
    ]);
    expect(answers.filter((a) => a.status === 'fulfilled')).toEqual([
      { status: 'fulfilled', value: expect.objectContaining({ isLive: true }) },
    ]);
    expect(answers.filter((a) => a.status === 'rejected')).toEqual([
      { status: 'rejected', reason: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', details: { retryAfterSeconds: 2 } }) },
    ]);
    // The slot is free again once the first is done.
    await expect(busy.checkLiveness({ image, testMode: false })).resolves.toMatchObject({ isLive: true });
  }, 60_000);
});
