import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { type DataSource, runMigrations } from '@kyc/persistence';
import { startTestDatabase, type TestDatabase } from '@kyc/testing';
import { createBiometricsDataSource } from '../infrastructure/data-source';
import { SelfieRepository } from '../infrastructure/selfie.repository';
import { BiometricsGrpcController } from '../transport/biometrics.grpc-controller';

/** Selfie uploads through the real face models and PostgreSQL (sandbox/live behaviour). */
const SPOOF_DEV = join(__dirname, '../../../../../shared/data/spoof-dev');
if (!existsSync(SPOOF_DEV)) throw new Error(`spoof-dev not found at ${SPOOF_DEV} (../shared/data beside the checkout)`);

describe('biometrics selfie checks', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let controller: BiometricsGrpcController;
  let selfies: SelfieRepository;

  beforeAll(async () => {
    database = await startTestDatabase();
    dataSource = createBiometricsDataSource(database.url);
    await runMigrations(dataSource);
    selfies = new SelfieRepository(dataSource);
    controller = new BiometricsGrpcController(selfies);
  }, 60_000);

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.stop();
  });

  const upload = (sessionId: string, image: Buffer) => controller.analyzeSelfie({ sessionId, projectId: randomUUID(), image, testMode: false });

  it('accepts a live selfie and keeps its face descriptor for matching', async () => {
    const sessionId = randomUUID();
    const result = await upload(sessionId, readFileSync(join(SPOOF_DEV, 'image_T1.jpg')));
    expect(result).toMatchObject({ live: true, faceDetected: true, rejectionDetails: '' });
    expect(result.livenessConfidence).toBeGreaterThan(0.5);
    const stored = await selfies.find(sessionId);
    expect(stored?.status).toBe('live');
    expect(stored?.embedding).toHaveLength(128);
    await expect(controller.matchFace({ sessionId, testMode: false })).resolves.toMatchObject({ status: 'NOT_PERFORMED', performed: false });
  }, 60_000);

  it.each(['image_F1.jpg', 'image_F2.jpg'])('rejects the spoof %s with REASON|SPOOF|… and records nothing', async (file) => {
    const sessionId = randomUUID();
    const result = await upload(sessionId, readFileSync(join(SPOOF_DEV, file)));
    expect(result.live).toBe(false);
    expect(result.rejectionDetails).toMatch(/^REASON\|SPOOF\|[A-Z_]+$/);
    expect(await selfies.find(sessionId)).toBeNull();
  }, 60_000);

  it('records a selfie without a face, and submit\'s match then answers KYC_021', async () => {
    const sessionId = randomUUID();
    const blank = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#d0c8c0' } }).jpeg().toBuffer();
    expect(await upload(sessionId, blank)).toMatchObject({ live: true, faceDetected: false, livenessConfidence: 0 });
    await expect(controller.matchFace({ sessionId, testMode: false })).rejects.toMatchObject({ code: 'KYC_021' });
    await expect(controller.matchFace({ sessionId: randomUUID(), testMode: false })).rejects.toMatchObject({ code: 'KYC_021' });
  }, 60_000);
});
