import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentSides } from '@kyc/contracts';
import { generateDocument, type GeneratedDocument } from '@kyc/document-generator';
import { createLogger } from '@kyc/logger';
import { AdmissionGate } from '@kyc/grpc';
import { withServiceDatabase } from '@kyc/testing';
import { encryptedPdf, garbledPdf, proofOfAddressPdf } from '@kyc/verification-fixtures';
import { DocumentAnalysisService } from '../application/document-analysis.service';
import { ProofOfAddressService } from '../application/proof-of-address.service';
import { createDocumentDataSource } from '../infrastructure/data-source';
import { ImageCipher } from '../infrastructure/image-cipher';
import { PdfRasteriser } from '../infrastructure/pdf/pdf-rasteriser';
import { ProofOfAddressRepository } from '../infrastructure/proof-of-address.repository';
import { SideAnalysisRepository } from '../infrastructure/side-analysis.repository';
import { DocumentGrpcController } from '../transport/document.grpc-controller';

/**
 * Proof of address through the gRPC controller with real PostgreSQL, the real PDF renderer and the
 * real OCR: a bill in the passport holder's name is verified, a stale one or someone else's is
 * rejected, hostile PDFs are KYC_006 and leave nothing stored, a retry answers what was stored.
 */
const FACES_DEV = join(__dirname, '../../../../../shared/data/faces-dev');
if (!existsSync(FACES_DEV)) throw new Error(`faces-dev not found at ${FACES_DEV} (../shared/data beside the checkout)`);

const NOW = new Date('2026-01-15T12:00:00Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

describe('proof of address (sandbox/live)', () => {
  const database = withServiceDatabase(createDocumentDataSource);
  let controller: DocumentGrpcController;
  let rasteriser: PdfRasteriser;
  let passport: GeneratedDocument;
  let holder: string;

  beforeAll(async () => {
    const cipher = new ImageCipher(randomBytes(32));
    const logger = createLogger('document', 'silent');
    const sides = new DocumentAnalysisService(new SideAnalysisRepository(database.dataSource), cipher, logger, () => NOW);
    rasteriser = new PdfRasteriser();
    const proofOfAddress = new ProofOfAddressService(
      new ProofOfAddressRepository(database.dataSource),
      sides,
      cipher,
      rasteriser,
      logger,
      () => NOW,
    );
    controller = new DocumentGrpcController(
      sides,
      proofOfAddress,
      new AdmissionGate('document service', { maxConcurrent: 4, maxQueued: 16, retryAfterSeconds: 2 }),
    );
    passport = await generateDocument({
      layout: 'classic',
      seed: 11,
      index: 0,
      documentType: 'passport',
      portrait: readFileSync(join(FACES_DEV, 'amy', 'amy1.png')),
    });
    const { firstName, lastName } = passport.images[0].truth.extractedData;
    holder = `${firstName} ${lastName}`;
  }, 120_000);
  afterAll(() => rasteriser?.close());

  /** A session whose passport page was uploaded and accepted: the identity the bill is matched against. */
  const sessionWithPassport = async () => {
    const sessionId = randomUUID();
    const page = passport.images.find((image) => image.truth.uploadedAs === 'main')!;
    const answer = await controller.analyzeSide({
      sessionId,
      projectId: randomUUID(),
      side: documentSides.toWire('main'),
      image: page.jpeg,
      testMode: false,
      dataGeneration: 0,
    });
    await controller.promoteSide({ sessionId, side: documentSides.toWire('main'), uploadId: answer.uploadId });
    return sessionId;
  };
  const analyze = (sessionId: string, document: Buffer, over: { jobId?: string; testMode?: boolean; mediaType?: string } = {}) =>
    controller.analyzeProofOfAddress({
      jobId: over.jobId ?? randomUUID(),
      sessionId,
      projectId: randomUUID(),
      document,
      mediaType: over.mediaType ?? 'pdf',
      maxAgeMonths: 3,
      dataGeneration: 0,
      testMode: over.testMode ?? false,
    });
  const storedRows = (sessionId: string) =>
    database.dataSource.query(`SELECT ciphertext, status FROM document.poa_documents WHERE session_id = $1`, [sessionId]) as Promise<
      { ciphertext: Buffer; status: string | null }[]
    >;

  it("verifies a fresh utility bill in the holder's name, stores it encrypted, and answers a retry from the store", async () => {
    const sessionId = await sessionWithPassport();
    const jobId = randomUUID();
    const bill = await proofOfAddressPdf({ holder, issued: daysBefore(20) });
    const outcome = await analyze(sessionId, bill, { jobId });
    expect(outcome).toEqual({ status: 'verified', reasons: [], documentKind: 'utility_bill' });
    const [row] = await storedRows(sessionId);
    expect(row.status).toBe('verified');
    expect(row.ciphertext.includes(Buffer.from('%PDF'))).toBe(false);
    // A retry (the sweeper) sends no document: the stored outcome answers.
    expect(await analyze(sessionId, Buffer.alloc(0), { jobId })).toEqual(outcome);
    // Another session cannot reach the job.
    await expect(analyze(randomUUID(), Buffer.alloc(0), { jobId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  }, 60_000);

  it("rejects a bill older than the recency and one in someone else's name, on positive evidence only", async () => {
    const sessionId = await sessionWithPassport();
    const stale = await analyze(sessionId, await proofOfAddressPdf({ holder, issued: daysBefore(200) }));
    expect(stale).toMatchObject({ status: 'rejected', reasons: ['DOCUMENT_TOO_OLD'] });
    const stranger = await analyze(sessionId, await proofOfAddressPdf({ holder: 'Jonathan Whitfield', issued: daysBefore(10) }));
    expect(stranger).toMatchObject({ status: 'rejected', reasons: expect.arrayContaining(['NAME_MISMATCH']) });
  }, 60_000);

  it('refuses hostile or broken PDFs with KYC_006 and its reason, storing nothing, and keeps working after them', async () => {
    const sessionId = await sessionWithPassport();
    await expect(analyze(sessionId, encryptedPdf())).rejects.toMatchObject({ code: 'KYC_006', details: { reasonCode: 'PDF_ENCRYPTED' } });
    await expect(analyze(sessionId, garbledPdf())).rejects.toMatchObject({ code: 'KYC_006', details: { reasonCode: 'PDF_MALFORMED' } });
    await expect(analyze(sessionId, Buffer.from('not an image'), { mediaType: 'png' })).rejects.toMatchObject({ code: 'KYC_006' });
    await expect(analyze(sessionId, Buffer.from('%PDF-1.7'), { mediaType: 'docx' })).rejects.toMatchObject({ code: 'KYC_006' });
    expect(await storedRows(sessionId)).toEqual([]);
    expect((await analyze(sessionId, await proofOfAddressPdf({ holder, issued: daysBefore(5) }))).status).toBe('verified');
  }, 60_000);

  it('test mode reads nothing: a valid file is verified; a purge takes the documents of its generations', async () => {
    const sessionId = randomUUID();
    const outcome = await analyze(sessionId, await proofOfAddressPdf({ holder: 'Anyone', issued: daysBefore(900) }), { testMode: true });
    expect(outcome).toEqual({ status: 'verified', reasons: [], documentKind: 'other' });
    expect(await storedRows(sessionId)).toHaveLength(1);
    await controller.purgeSession({ sessionId, throughGeneration: 0 });
    expect(await storedRows(sessionId)).toEqual([]);
  });
});
