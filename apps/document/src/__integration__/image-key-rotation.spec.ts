import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { createLogger } from '@kyc/logger';
import { withServiceDatabase } from '@kyc/testing';
import { DocumentAnalysisService } from '../application/document-analysis.service';
import { ImageKeyRotation } from '../application/image-key-rotation';
import { poaContext } from '../application/proof-of-address.service';
import { createDocumentDataSource } from '../infrastructure/data-source';
import { ImageCipher } from '../infrastructure/image-cipher';
import { ProofOfAddressRepository } from '../infrastructure/proof-of-address.repository';
import { SideAnalysisRepository } from '../infrastructure/side-analysis.repository';

/**
 * Rotating the image key on a real PostgreSQL: images stored under the old key still open once a
 * new key is current (the old one in DOCUMENT_ENCRYPTION_PREVIOUS_KEYS), the rotation re-seals
 * them under the new key, and then they open without the old key.
 */
describe('image key rotation (real PostgreSQL)', () => {
  const database = withServiceDatabase(createDocumentDataSource);
  const logger = createLogger('document', 'silent');
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const serviceWith = (cipher: ImageCipher) => new DocumentAnalysisService(new SideAnalysisRepository(database.dataSource), cipher, logger);
  const keyIdsOf = async (sessionId: string) =>
    (
      (await database.dataSource.query(
        `SELECT key_id FROM document.side_images WHERE session_id = $1 UNION ALL SELECT key_id FROM document.poa_documents WHERE session_id = $1`,
        [sessionId],
      )) as { key_id: string }[]
    ).map((row) => row.key_id);

  it('reads old images after the key changed, re-seals them under the new key, and reads them without the old key', async () => {
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .png()
      .toBuffer();
    const before = new ImageCipher(oldKey);
    const sessionId = randomUUID();
    const side = await serviceWith(before).analyzeSide({
      sessionId,
      projectId: randomUUID(),
      side: 'front',
      image,
      testMode: true,
      dataGeneration: 0,
    });
    await serviceWith(before).promote(sessionId, 'front', side.uploadId);
    const jobId = randomUUID();
    const file = Buffer.from('%PDF-1.4 a utility bill');
    const poa = new ProofOfAddressRepository(database.dataSource);
    await poa.save({
      jobId,
      sessionId,
      projectId: randomUUID(),
      dataGeneration: 0,
      mediaType: 'application/pdf',
      maxAgeMonths: 3,
      sealed: before.seal(file, poaContext(sessionId, jobId)),
    });
    const sides = new SideAnalysisRepository(database.dataSource);
    const stored = (await sides.sealedImage(sessionId, 'front'))!;
    const original = before.open(stored.sealed, `document-image:${sessionId}:front`);

    // A new key, the old one kept to open: the image still opens.
    const during = new ImageCipher(newKey, [oldKey]);
    expect(during.open(stored.sealed, `document-image:${sessionId}:front`).equals(original)).toBe(true);
    // A new key without the old one: refused as another key, not as tampering.
    expect(() => new ImageCipher(newKey).open(stored.sealed, `document-image:${sessionId}:front`)).toThrow(/another key/);

    const rotation = new ImageKeyRotation(database.dataSource, during);
    expect(await rotation.remaining()).toEqual({ previousKey: 2, unknownKey: 0 });
    expect(await rotation.resealAll(1)).toBe(2);
    expect(await rotation.resealAll()).toBe(0);
    expect(await rotation.remaining()).toEqual({ previousKey: 0, unknownKey: 0 });
    expect(await keyIdsOf(sessionId)).toEqual([during.keyId, during.keyId]);

    const after = new ImageCipher(newKey);
    const resealed = (await sides.sealedImage(sessionId, 'front'))!;
    expect(after.open(resealed.sealed, `document-image:${sessionId}:front`).equals(original)).toBe(true);
    expect(after.open((await poa.find(jobId))!.sealed, poaContext(sessionId, jobId)).equals(file)).toBe(true);
  });

  it('leaves an image under a key in no ring alone and counts it', async () => {
    const stranger = new ImageCipher(randomBytes(32));
    const sessionId = randomUUID();
    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png()
      .toBuffer();
    const side = await serviceWith(stranger).analyzeSide({
      sessionId,
      projectId: randomUUID(),
      side: 'front',
      image,
      testMode: true,
      dataGeneration: 0,
    });
    await serviceWith(stranger).promote(sessionId, 'front', side.uploadId);
    const rotation = new ImageKeyRotation(database.dataSource, new ImageCipher(newKey, [oldKey]));
    expect(await rotation.resealAll()).toBe(0);
    expect((await rotation.remaining()).unknownKey).toBe(1);
    expect(await keyIdsOf(sessionId)).toEqual([stranger.keyId]);
  });
});
