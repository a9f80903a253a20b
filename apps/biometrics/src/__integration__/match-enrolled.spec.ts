import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { type EnvironmentName, faceMatchStatuses, projectEnvironments } from '@kyc/contracts';
import { analyzeFace } from '@kyc/face';
import { AdmissionGate } from '@kyc/grpc';
import { withServiceDatabase } from '@kyc/testing';
import { FaceMatchService } from '../application/face-match.service';
import { createBiometricsDataSource } from '../infrastructure/data-source';
import { EmbeddingCipher } from '../infrastructure/embedding-cipher';
import { SelfieRepository } from '../infrastructure/selfie.repository';
import { BiometricsGrpcController } from '../transport/biometrics.grpc-controller';

/**
 * Vault reuse's MatchEnrolled on the real face models and PostgreSQL: the new selfie against an
 * earlier completed verification's enrolled face, only within one project environment.
 */
const SPOOF_DEV = join(__dirname, '../../../../../shared/data/spoof-dev');
if (!existsSync(SPOOF_DEV)) throw new Error(`spoof-dev not found at ${SPOOF_DEV} (../shared/data beside the checkout)`);
const FACES_DEV = join(SPOOF_DEV, '..', 'faces-dev');

describe('MatchEnrolled (vault reuse)', () => {
  const database = withServiceDatabase(createBiometricsDataSource);
  let controller: BiometricsGrpcController;
  let selfies: SelfieRepository;
  const PROJECT = randomUUID();
  const live = readFileSync(join(SPOOF_DEV, 'image_T1.jpg'));

  beforeAll(() => {
    selfies = new SelfieRepository(database.dataSource, new EmbeddingCipher(randomBytes(32)));
    controller = new BiometricsGrpcController(
      selfies,
      new FaceMatchService(selfies, { getPortrait: async () => ({ found: false, image: Buffer.alloc(0), side: '' }) }),
      new AdmissionGate('biometrics service', { maxConcurrent: 4, maxQueued: 16, retryAfterSeconds: 2 }),
    );
  });

  /** A selfie the session accepted through the real upload path (liveness and embedding). */
  const upload = async (sessionId: string, image: Buffer, projectId = PROJECT) => {
    const answer = await controller.analyzeSelfie({ sessionId, projectId, image, testMode: false, dataGeneration: 0 });
    expect(answer.live).toBe(true);
    await controller.promoteSelfie({ sessionId, uploadId: answer.uploadId });
  };
  /**
   * A photo of a person as a session's selfie, embedded by the real models (liveness is not what
   * these specs are about: the faces-dev photos are portraits, not selfies).
   */
  const store = async (sessionId: string, file: string, projectId = PROJECT) => {
    const face = await analyzeFace(readFileSync(file));
    if (face.kind !== 'face') throw new Error(`${file} should show one face (${face.kind})`);
    const uploadId = await selfies.save({
      sessionId,
      projectId,
      dataGeneration: 0,
      width: 1,
      height: 1,
      selfie: { status: 'live', confidence: 0.9, faceDetected: true, qualityReasons: [], faceCount: 1, embedding: face.face.embedding },
    });
    await controller.promoteSelfie({ sessionId, uploadId });
  };
  /** A verification that completed: its match recorded (identity, e-mail), then enrolled. */
  const complete = async (sessionId: string, identityKey: string, environment: EnvironmentName = 'sandbox', projectId = PROJECT) => {
    await controller.matchFace({
      sessionId,
      testMode: false,
      projectId,
      environment: projectEnvironments.toWire(environment),
      identityKey,
      emailKey: `${identityKey}-mail`,
    });
    expect(await selfies.enroll(sessionId)).toBe(true);
  };
  const matchEnrolled = (
    sessionId: string,
    enrolledSessionId: string,
    over: { environment?: EnvironmentName; projectId?: string; emailKey?: string } = {},
  ) =>
    controller.matchEnrolled({
      sessionId,
      testMode: false,
      projectId: over.projectId ?? PROJECT,
      environment: projectEnvironments.toWire(over.environment ?? 'sandbox'),
      enrolledSessionId,
      emailKey: over.emailKey ?? 'new-mail',
    });

  it('MATCHED for the same person, NOT_MATCHED for someone else; the match is recorded under the earlier identity', async () => {
    const earlier = randomUUID();
    await store(earlier, join(FACES_DEV, 'amy', 'amy1.png'));
    await complete(earlier, 'amy');

    const again = randomUUID();
    await store(again, join(FACES_DEV, 'amy', 'amy2.png'));
    // Under another e-mail, the same identity is the duplicate signal as for any completion.
    expect((await matchEnrolled(again, earlier)).duplicate).toEqual({
      suspected: true,
      matches: 1,
      reason: 'different_email',
      matchedSessionIds: [earlier],
    });
    const matched = await matchEnrolled(again, earlier, { emailKey: 'amy-mail' });
    expect(matched).toMatchObject({ status: faceMatchStatuses.toWire('MATCHED'), performed: true, duplicate: { suspected: false } });
    expect(matched.score).toBeGreaterThanOrEqual(0.7);
    expect(matched.score).toBeLessThanOrEqual(1);
    // The reused completion enrolls as the same person.
    const [recorded] = await database.dataSource.query(
      `SELECT environment, identity_key, email_key, match_status FROM biometrics.selfies WHERE session_id = $1`,
      [again],
    );
    expect(recorded).toEqual({ environment: 'sandbox', identity_key: 'amy', email_key: 'amy-mail', match_status: 'MATCHED' });
    expect(await selfies.enroll(again)).toBe(true);

    const stranger = randomUUID();
    await upload(stranger, live);
    const notMatched = await matchEnrolled(stranger, earlier);
    expect(notMatched).toMatchObject({ status: faceMatchStatuses.toWire('NOT_MATCHED'), performed: true });
    expect(notMatched.score).toBeLessThan(0.3);
  }, 120_000);

  it('NOT_PERFORMED for a verification not enrolled, of another environment or project, purged, or the session itself', async () => {
    const enrolled = randomUUID();
    await upload(enrolled, live);
    await complete(enrolled, 'tina');
    const notCompleted = randomUUID();
    await upload(notCompleted, live);

    const otherProject = randomUUID();
    const elsewhere = randomUUID();
    await upload(elsewhere, live, otherProject);
    await complete(elsewhere, 'tina', 'sandbox', otherProject);

    const session = randomUUID();
    await upload(session, live);
    const notPerformed = { status: faceMatchStatuses.toWire('NOT_PERFORMED'), performed: false, score: 0 };
    await expect(matchEnrolled(session, notCompleted)).resolves.toMatchObject(notPerformed);
    await expect(matchEnrolled(session, enrolled, { environment: 'live' })).resolves.toMatchObject(notPerformed);
    await expect(matchEnrolled(session, elsewhere)).resolves.toMatchObject(notPerformed);
    await expect(matchEnrolled(session, session)).resolves.toMatchObject(notPerformed);
    await expect(matchEnrolled(session, 'not-a-session')).resolves.toMatchObject(notPerformed);
    // The same face, enrolled in this project environment: matched.
    await expect(matchEnrolled(session, enrolled)).resolves.toMatchObject({ status: faceMatchStatuses.toWire('MATCHED') });

    await controller.purgeSession({ sessionId: enrolled });
    await expect(matchEnrolled(session, enrolled)).resolves.toMatchObject(notPerformed);
  }, 120_000);

  it('KYC_021 for a selfie without a face; test mode answers without the models', async () => {
    const enrolled = randomUUID();
    await upload(enrolled, live);
    await complete(enrolled, 'uma');
    const blankSession = randomUUID();
    const blank = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#d0c8c0' } })
      .jpeg()
      .toBuffer();
    await controller
      .analyzeSelfie({ sessionId: blankSession, projectId: PROJECT, image: blank, testMode: false, dataGeneration: 0 })
      .then(({ uploadId }) => controller.promoteSelfie({ sessionId: blankSession, uploadId }));
    await expect(matchEnrolled(blankSession, enrolled)).rejects.toMatchObject({ code: 'KYC_021' });

    await expect(
      controller.matchEnrolled({
        sessionId: randomUUID(),
        testMode: true,
        projectId: PROJECT,
        environment: projectEnvironments.toWire('test'),
        enrolledSessionId: randomUUID(),
        emailKey: '',
      }),
    ).resolves.toMatchObject({ status: faceMatchStatuses.toWire('MATCHED'), performed: true, detail: 'test mode' });
  }, 60_000);
});
