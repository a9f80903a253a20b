import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { type DocumentSideName, documentSides, evidenceScopes, severities, signalKinds } from '@kyc/contracts';
import { generateDocument, type GeneratedDocument, transliterateToMrz } from '@kyc/document-generator';
import { decodeImage as decodeFaceImage, detectFaceBoxes } from '@kyc/face';
import { decodeImage } from '@kyc/image-intake';
import { createLogger } from '@kyc/logger';
import { AdmissionGate } from '@kyc/grpc';
import { withServiceDatabase } from '@kyc/testing';
import { DocumentAnalysisService } from '../application/document-analysis.service';
import { ProofOfAddressService } from '../application/proof-of-address.service';
import { createDocumentDataSource } from '../infrastructure/data-source';
import { ImageCipher } from '../infrastructure/image-cipher';
import { PdfRasteriser } from '../infrastructure/pdf/pdf-rasteriser';
import { ProofOfAddressRepository } from '../infrastructure/proof-of-address.repository';
import { SideAnalysisRepository } from '../infrastructure/side-analysis.repository';
import { DocumentGrpcController } from '../transport/document.grpc-controller';

/**
 * Sandbox/live document handling through the gRPC controller, with real PostgreSQL, the real OCR
 * and face models, and documents rendered by the generator with real faces as portraits.
 */
const FACES_DEV = join(__dirname, '../../../../../shared/data/faces-dev');
if (!existsSync(FACES_DEV)) throw new Error(`faces-dev not found at ${FACES_DEV} (../shared/data beside the checkout)`);
const portraitOf = (person: string) => readFileSync(join(FACES_DEV, person, `${person}1.png`));

/** The generator's "today": its documents are valid or expired relative to this date. */
const REFERENCE_DATE = '2026-01-01';
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

describe('document analysis (sandbox/live)', () => {
  const database = withServiceDatabase(createDocumentDataSource);
  let cipher: ImageCipher;
  let controller: DocumentGrpcController;
  const logLines: string[] = [];
  let passport: GeneratedDocument;
  let expiredPassport: GeneratedDocument;
  let card: GeneratedDocument;
  let otherCard: GeneratedDocument;

  beforeAll(async () => {
    cipher = new ImageCipher(randomBytes(32));
    const logger = createLogger('document', 'info', { write: (line: string) => void logLines.push(line) });
    const service = new DocumentAnalysisService(
      new SideAnalysisRepository(database.dataSource),
      cipher,
      logger,
      () => new Date(`${REFERENCE_DATE}T12:00:00Z`),
    );
    const proofOfAddress = new ProofOfAddressService(
      new ProofOfAddressRepository(database.dataSource),
      service,
      cipher,
      new PdfRasteriser(),
      logger,
    );
    controller = new DocumentGrpcController(
      service,
      proofOfAddress,
      new AdmissionGate('document service', { maxConcurrent: 4, maxQueued: 16, retryAfterSeconds: 2 }),
    );
    // Seeds chosen so the OCR reads every field; a different seed is a different person.
    passport = await generateDocument({ layout: 'classic', seed: 11, index: 0, documentType: 'passport', portrait: portraitOf('amy') });
    expiredPassport = await generateDocument({
      layout: 'classic',
      seed: 11,
      index: 4,
      documentType: 'passport',
      country: 'FRA',
      faults: ['expired'],
      portrait: portraitOf('penny'),
    });
    card = await generateDocument({ layout: 'classic', seed: 11, index: 2, documentType: 'id_card', portrait: portraitOf('leonard') });
    otherCard = await generateDocument({ layout: 'classic', seed: 11, index: 3, documentType: 'id_card', portrait: portraitOf('raj') });
  }, 120_000);

  /** An upload the session refused (a retake) or has not accepted yet: stored as a candidate only. */
  const candidate = async (sessionId: string, side: DocumentSideName, image: Buffer, testMode = false, dataGeneration = 0) => {
    const answer = await controller.analyzeSide({
      sessionId,
      projectId: randomUUID(),
      side: documentSides.toWire(side),
      image,
      testMode,
      dataGeneration,
    });
    return { ...answer, side: documentSides.fromWire(answer.side) };
  };
  const promote = (sessionId: string, side: DocumentSideName, uploadId: string) =>
    controller.promoteSide({ sessionId, side: documentSides.toWire(side), uploadId });
  /** An upload the session accepted: analysed, then promoted as the session service does. */
  const upload = async (sessionId: string, side: DocumentSideName, image: Buffer, testMode = false, dataGeneration = 0) => {
    const answer = await candidate(sessionId, side, image, testMode, dataGeneration);
    await promote(sessionId, side, answer.uploadId);
    return answer;
  };
  /** The evidence as submit reads it, its wire enums shown by name. */
  const evidence = async (sessionId: string) => {
    const read = await controller.getDocumentEvidence({ sessionId, testMode: false, email: '' });
    return {
      ...read,
      sides: read.sides.map(documentSides.fromWire),
      signals: read.signals.map((signal) => ({
        ...signal,
        kind: signalKinds.fromWire(signal.kind),
        severity: severities.fromWire(signal.severity),
        side: evidenceScopes.fromWire(signal.side),
      })),
    };
  };
  const croppedPortrait = async (sessionId: string) => {
    const portrait = await controller.getPortrait({ sessionId });
    return { ...portrait, side: documentSides.fromWire(portrait.side) };
  };
  const imageOf = (document: GeneratedDocument, side: string) => document.images.find((i) => i.truth.uploadedAs === side)!;
  const storedImage = async (sessionId: string, side: string) =>
    (
      (await database.dataSource.query(
        `SELECT iv, auth_tag, ciphertext, key_id FROM document.side_images WHERE session_id = $1 AND side = $2`,
        [sessionId, side],
      )) as { iv: Buffer; auth_tag: Buffer; ciphertext: Buffer; key_id: string }[]
    )[0];

  describe('a clean passport', () => {
    const sessionId = randomUUID();

    it('raises no retake, gives its data without hard findings, and a portrait with a face', async () => {
      const page = imageOf(passport, 'main');
      const answer = await upload(sessionId, 'main', page.jpeg);
      expect(answer).toMatchObject({
        side: 'main',
        detectedDocumentType: 'passport',
        isValidDocument: true,
        requiresBackSide: false,
        issueCodes: [],
      });
      expect(answer.detectionConfidence).toBeGreaterThanOrEqual(0.9);

      const read = await evidence(sessionId);
      const truth = page.truth.extractedData;
      expect(read).toMatchObject({
        documentType: 'passport',
        analysed: true,
        portraitAvailable: true,
        requiresBackSide: false,
        sides: ['main'],
        lastName: transliterateToMrz(truth.lastName),
        firstName: transliterateToMrz(truth.firstName),
        dateOfBirth: truth.dateOfBirth,
        documentNumber: truth.documentNumber,
        expiryDate: truth.expiryDate,
        sex: truth.sex,
      });
      expect(read.signals.filter((s) => s.kind !== 'authenticity')).toEqual([]);
      expect(read.detectionConfidence).toBeGreaterThanOrEqual(0.9);

      const portrait = await croppedPortrait(sessionId);
      expect(portrait).toMatchObject({ found: true, side: 'main' });
      const crop = Buffer.from(portrait.image);
      expect(crop.subarray(0, 3).equals(JPEG_MAGIC)).toBe(true);
      const meta = await sharp(crop).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBeLessThan(page.truth.image.width / 2);
      const decoded = await decodeFaceImage(crop);
      if (decoded.kind !== 'image') throw new Error(`crop not decodable: ${decoded.detail}`);
      expect((await detectFaceBoxes(decoded.image)).length).toBeGreaterThanOrEqual(1);
    });

    it('stores the stripped re-encode only encrypted', async () => {
      const row = await storedImage(sessionId, 'main');
      expect(row.ciphertext.subarray(0, 3).equals(JPEG_MAGIC)).toBe(false);
      expect(row.iv).toHaveLength(12);
      expect(row.auth_tag).toHaveLength(16);
      const plaintext = cipher.open(
        { iv: row.iv, authTag: row.auth_tag, ciphertext: row.ciphertext, keyId: row.key_id },
        `document-image:${sessionId}:main`,
      );
      expect(plaintext.equals((await decodeImage(imageOf(passport, 'main').jpeg)).image)).toBe(true);
      const tampered = Buffer.from(row.ciphertext);
      tampered[tampered.length - 1] ^= 0x01;
      expect(() =>
        cipher.open({ iv: row.iv, authTag: row.auth_tag, ciphertext: tampered, keyId: row.key_id }, `document-image:${sessionId}:main`),
      ).toThrow(/integrity/);
    });

    it('purges the image, the analysis and the extracted data', async () => {
      await expect(controller.purgeSession({ sessionId })).resolves.toEqual({ purgedSides: 1 });
      const [counts] = await database.dataSource.query(
        `SELECT (SELECT count(*) FROM document.side_analyses WHERE session_id = $1)::int AS analyses, (SELECT count(*) FROM document.side_images WHERE session_id = $1)::int AS images`,
        [sessionId],
      );
      expect(counts).toEqual({ analyses: 0, images: 0 });
      await expect(evidence(sessionId)).resolves.toMatchObject({ analysed: false, sides: [], lastName: '', documentNumber: '' });
      await expect(croppedPortrait(sessionId)).resolves.toMatchObject({ found: false });
      await expect(controller.purgeSession({ sessionId })).resolves.toEqual({ purgedSides: 0 });
    });
  });

  it('records an expired passport as a hard finding, not a retake', async () => {
    const sessionId = randomUUID();
    const answer = await upload(sessionId, 'main', imageOf(expiredPassport, 'main').jpeg);
    expect(answer.detectedDocumentType).toBe('passport');
    expect(answer.issueCodes).not.toContain('DOC_EXPIRED');
    const read = await evidence(sessionId);
    expect(read.expiryDate < REFERENCE_DATE).toBe(true);
    expect(read.signals).toContainEqual(expect.objectContaining({ code: 'DOC_EXPIRED', kind: 'hard', severity: 'high', side: 'main' }));
  });

  it('combines an ID card front and back; a back of another card changes nothing until the session accepts it', async () => {
    const sessionId = randomUUID();
    const front = await upload(sessionId, 'front', imageOf(card, 'front').jpeg);
    expect(front).toMatchObject({ detectedDocumentType: 'id_card', requiresBackSide: true, issueCodes: [] });
    const back = await upload(sessionId, 'back', imageOf(card, 'back').jpeg);
    expect(back).toMatchObject({ detectedDocumentType: 'id_card', issueCodes: [] });
    const read = await evidence(sessionId);
    const truth = imageOf(card, 'back').truth.extractedData;
    expect(read).toMatchObject({
      documentType: 'id_card',
      analysed: true,
      sides: ['front', 'back'],
      requiresBackSide: true,
      portraitAvailable: true,
      documentNumber: truth.documentNumber,
      dateOfBirth: truth.dateOfBirth,
    });
    expect(read.signals.filter((s) => s.kind !== 'authenticity')).toEqual([]);
    await expect(croppedPortrait(sessionId)).resolves.toMatchObject({ found: true, side: 'front' });

    const firstBack = await storedImage(sessionId, 'back');
    const mixed = await candidate(sessionId, 'back', imageOf(otherCard, 'back').jpeg);
    expect(mixed.issueCodes).toEqual(['DOCUMENT_MIXING_SUSPECTED']);
    // The session asked for a retake and promoted nothing: the accepted back and its evidence stand.
    expect((await storedImage(sessionId, 'back')).ciphertext.equals(firstBack.ciphertext)).toBe(true);
    expect((await evidence(sessionId)).documentNumber).toBe(truth.documentNumber);

    // The same problem a second time is accepted and recorded (spec part 3): the session promotes it.
    await promote(sessionId, 'back', mixed.uploadId);
    expect((await storedImage(sessionId, 'back')).ciphertext.equals(firstBack.ciphertext)).toBe(false);
    const remixed = await evidence(sessionId);
    expect(remixed.documentNumber).toBe(imageOf(otherCard, 'back').truth.extractedData.documentNumber);
    expect(remixed.signals).toContainEqual(
      expect.objectContaining({ code: 'DOCUMENT_MIXING_SUSPECTED', kind: 'problem', side: 'document' }),
    );
  });

  it("asks for a retake when a card's printed front disagrees with its own MRZ (same number, another name or birth date)", async () => {
    const altered = await generateDocument({
      layout: 'classic',
      seed: 11,
      index: 2,
      documentType: 'id_card',
      faults: ['viz_mrz_mismatch'],
      portrait: portraitOf('leonard'),
    });
    const sessionId = randomUUID();
    await upload(sessionId, 'front', imageOf(altered, 'front').jpeg);
    const back = await upload(sessionId, 'back', imageOf(altered, 'back').jpeg);
    expect(back.issueCodes).toEqual(['MRZ_CROSS_LOW_SCORE']);
    const read = await evidence(sessionId);
    expect(read.signals).toContainEqual(expect.objectContaining({ code: 'MRZ_CROSS_LOW_SCORE', kind: 'problem', side: 'document' }));
    expect(read.signals.map((s) => s.code)).not.toContain('DOCUMENT_MIXING_SUSPECTED');
  });

  it('keeps candidates apart: promotion is per session and side, a purge takes them too, a sweep only the stale ones', async () => {
    const sessionId = randomUUID();
    const front = await candidate(sessionId, 'front', imageOf(card, 'front').jpeg);
    await expect(evidence(sessionId)).resolves.toMatchObject({ sides: [] });
    await expect(promote(randomUUID(), 'front', front.uploadId)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await expect(promote(sessionId, 'back', front.uploadId)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await promote(sessionId, 'front', front.uploadId);
    await promote(sessionId, 'front', front.uploadId);
    const rows = () =>
      database.dataSource.query(`SELECT upload_id, promoted_at IS NOT NULL AS promoted FROM document.side_analyses WHERE session_id = $1`, [
        sessionId,
      ]) as Promise<{ upload_id: string; promoted: boolean }[]>;
    expect(await rows()).toEqual([{ upload_id: front.uploadId, promoted: true }]);
    await expect(evidence(sessionId)).resolves.toMatchObject({ sides: ['front'] });

    // An upload that lost a race (stored after the session closed) waits unpromoted; a purge takes it with the rest.
    const late = await candidate(sessionId, 'back', imageOf(card, 'back').jpeg, true);
    await expect(controller.purgeSession({ sessionId })).resolves.toEqual({ purgedSides: 1 });
    expect(await rows()).toEqual([]);
    // One stored after the purge is never read, and the sweep deletes it once stale, and nothing promoted.
    const afterPurge = await candidate(sessionId, 'front', imageOf(card, 'front').jpeg);
    await expect(evidence(sessionId)).resolves.toMatchObject({ sides: [] });
    await expect(croppedPortrait(sessionId)).resolves.toMatchObject({ found: false });
    const kept = randomUUID();
    await upload(kept, 'front', imageOf(card, 'front').jpeg, true);
    const sweeper = new DocumentAnalysisService(
      new SideAnalysisRepository(database.dataSource),
      cipher,
      createLogger('document', 'silent'),
      () => new Date(Date.now() + 60_000),
    );
    expect(await sweeper.sweepCandidates(120_000)).toBe(0);
    expect(await sweeper.sweepCandidates(30_000)).toBeGreaterThanOrEqual(1);
    expect(await rows()).toEqual([]);
    await expect(promote(sessionId, 'front', afterPurge.uploadId)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(late.uploadId).not.toBe(afterPurge.uploadId);
    expect(
      await database.dataSource.query(
        `SELECT count(*)::int AS n FROM document.side_analyses WHERE session_id = $1 AND promoted_at IS NOT NULL`,
        [kept],
      ),
    ).toEqual([{ n: 1 }]);
  });

  it('purges only the data generations it was asked for: a session reopened after a failure keeps its new uploads', async () => {
    const sessionId = randomUUID();
    await upload(sessionId, 'front', imageOf(card, 'front').jpeg, true, 0);
    await upload(sessionId, 'back', imageOf(card, 'back').jpeg, true, 0);
    // The session failed (purge of generation 0 queued) and was reopened by a new front before the purge ran.
    const reopened = await upload(sessionId, 'front', imageOf(card, 'front').jpeg, true, 1);
    await expect(controller.purgeSession({ sessionId, throughGeneration: 0 })).resolves.toEqual({ purgedSides: 1 });
    const left = await database.dataSource.query(
      `SELECT upload_id, side, data_generation FROM document.side_analyses WHERE session_id = $1`,
      [sessionId],
    );
    expect(left).toEqual([{ upload_id: reopened.uploadId, side: 'front', data_generation: 1 }]);
    // Without a generation, everything goes (retention, expiry of an old request).
    await expect(controller.purgeSession({ sessionId })).resolves.toEqual({ purgedSides: 1 });
  });

  it('answers a blank page with typed problems, not an exception', async () => {
    const sessionId = randomUUID();
    const blank = await sharp({ create: { width: 1200, height: 850, channels: 3, background: '#e8e4dc' } })
      .jpeg()
      .toBuffer();
    const answer = await upload(sessionId, 'main', blank);
    expect(answer).toMatchObject({ detectedDocumentType: 'unknown', isValidDocument: false, requiresBackSide: false });
    expect(answer.issueCodes).toContain('LOW_DETECTION_CONFIDENCE');
    expect(answer.detectionConfidence).toBeLessThan(0.5);
    await expect(evidence(sessionId)).resolves.toMatchObject({ analysed: false, sides: ['main'], portraitAvailable: false });
    await expect(croppedPortrait(sessionId)).resolves.toMatchObject({ found: false });
  });

  it('refuses corrupt images with KYC_006 and stores nothing', async () => {
    const sessionId = randomUUID();
    const jpeg = imageOf(passport, 'main').jpeg;
    for (const image of [
      jpeg.subarray(0, Math.floor(jpeg.length / 3)),
      Buffer.concat([JPEG_MAGIC, randomBytes(2048)]),
      Buffer.from('not an image'),
    ]) {
      await expect(upload(sessionId, 'main', image)).rejects.toMatchObject({ code: 'KYC_006' });
    }
    await expect(evidence(sessionId)).resolves.toMatchObject({ sides: [] });
  });

  it('stores an upload turned upright by its EXIF orientation, with the metadata stripped (test mode too)', async () => {
    const sessionId = randomUUID();
    const photo = await sharp(imageOf(card, 'front').jpeg)
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'exif-marker-4711' } } })
      .jpeg()
      .toBuffer();
    expect(photo.includes('exif-marker-4711')).toBe(true);
    const answer = await upload(sessionId, 'front', photo, true);
    const original = await sharp(photo).metadata();
    expect({ width: answer.width, height: answer.height }).toEqual({ width: original.height, height: original.width });
    const row = await storedImage(sessionId, 'front');
    const stored = cipher.open(
      { iv: row.iv, authTag: row.auth_tag, ciphertext: row.ciphertext, keyId: row.key_id },
      `document-image:${sessionId}:front`,
    );
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: answer.width, height: answer.height });
    expect(stored.includes('exif-marker-4711')).toBe(false);
  });

  it('keeps names and document numbers out of the logs', () => {
    const logs = logLines.join('\n');
    expect(logs).toContain('document side analysed');
    for (const document of [passport, expiredPassport, card, otherCard]) {
      const truth = document.images[0].truth.extractedData;
      expect(logs).not.toContain(truth.documentNumber);
      expect(logs).not.toContain(transliterateToMrz(truth.lastName));
    }
    // The figures the README quotes: time per analysed side on this machine.
    const timings = logLines.map((l) => JSON.parse(l) as { analysisMs?: number; side?: string }).filter((l) => l.analysisMs !== undefined);
    console.info(`analysis per side (ms): ${timings.map((t) => `${t.side} ${t.analysisMs}`).join(', ')}`);
  });
});
