import { randomBytes, randomUUID } from 'node:crypto';
import { withServiceDatabase } from '@kyc/testing';
import { createBiometricsDataSource } from '../infrastructure/data-source';
import { EmbeddingCipher } from '../infrastructure/embedding-cipher';
import { EmbeddingSealing } from '../infrastructure/embedding-sealing';
import { SelfieRepository } from '../infrastructure/selfie.repository';

/** Face embeddings encrypted at rest on a real PostgreSQL: sealed on write, plaintext rows from before sealed, a key rotated. */
describe('face embeddings at rest (real PostgreSQL)', () => {
  const database = withServiceDatabase(createBiometricsDataSource);
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const embedding = () => Float32Array.from({ length: 128 }, (_, i) => Math.sin(i + Math.random()));
  const bytesOf = (floats: Float32Array) => Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength);

  type RawRow = { embedding: Buffer; embedding_key_id: string | null };
  const raw = async (sessionId: string): Promise<RawRow> =>
    (await database.dataSource.query(`SELECT embedding, embedding_key_id FROM biometrics.selfies WHERE session_id = $1`, [sessionId]))[0];

  /** A selfie stored and promoted as the session does, then matched and enrolled (a completed verification). */
  async function enrolled(selfies: SelfieRepository, face: Float32Array, projectId = randomUUID()): Promise<string> {
    const sessionId = randomUUID();
    const uploadId = await selfies.save({
      sessionId,
      projectId,
      dataGeneration: 0,
      width: 1,
      height: 1,
      selfie: { status: 'live', confidence: 0.9, faceDetected: true, qualityReasons: [], faceCount: 1, embedding: face },
    });
    expect(await selfies.promote(sessionId, uploadId)).toBe('promoted');
    await selfies.recordMatch(sessionId, {
      environment: 'sandbox',
      identityKey: '',
      emailKey: '',
      comparison: { status: 'MATCHED', score: 0.9 } as never,
      duplicateSuspected: false,
    });
    expect(await selfies.enroll(sessionId)).toBe(true);
    return sessionId;
  }

  it('stores the embedding sealed (no plaintext bytes in the row) and reads it back on every path', async () => {
    const cipher = new EmbeddingCipher(oldKey);
    const selfies = new SelfieRepository(database.dataSource, cipher);
    const face = embedding();
    const projectId = randomUUID();
    const sessionId = await enrolled(selfies, face, projectId);

    const row = await raw(sessionId);
    expect(row.embedding_key_id).toBe(cipher.keyId);
    expect(row.embedding.equals(bytesOf(face))).toBe(false);
    expect(row.embedding.includes(bytesOf(face).subarray(0, 16))).toBe(false);

    expect((await selfies.find(sessionId))!.embedding).toEqual(face);
    expect((await selfies.findEnrolled(sessionId, projectId, 'sandbox'))!.embedding).toEqual(face);
    expect((await selfies.enrolledFaces(projectId, 'sandbox')).map((enrolledFace) => enrolledFace.embedding)).toEqual([face]);

    // The ciphertext copied onto another session's row does not open there.
    const other = await enrolled(selfies, embedding(), projectId);
    await database.dataSource.query(
      `UPDATE biometrics.selfies o SET embedding = s.embedding, embedding_iv = s.embedding_iv, embedding_auth_tag = s.embedding_auth_tag
         FROM biometrics.selfies s WHERE s.session_id = $1 AND o.session_id = $2`,
      [sessionId, other],
    );
    await expect(selfies.find(other)).rejects.toThrow(/integrity/);
    await database.dataSource.query(`DELETE FROM biometrics.selfies WHERE session_id = $1`, [other]);
  });

  it('seals the plaintext embeddings from before, and a rotation re-seals them so the old key can go', async () => {
    const before = new EmbeddingCipher(oldKey);
    const selfies = new SelfieRepository(database.dataSource, before);
    const face = embedding();
    const sessionId = await enrolled(selfies, face);
    // As the previous release stored it: the float bytes as they are.
    await database.dataSource.query(
      `UPDATE biometrics.selfies SET embedding = $2, embedding_iv = NULL, embedding_auth_tag = NULL, embedding_key_id = NULL WHERE session_id = $1`,
      [sessionId, bytesOf(face)],
    );
    expect((await selfies.find(sessionId))!.embedding).toEqual(face);

    const sealing = new EmbeddingSealing(database.dataSource, before);
    expect(await sealing.remaining()).toBeGreaterThanOrEqual(1);
    expect(await sealing.sealAll()).toBeGreaterThanOrEqual(1);
    expect(await sealing.remaining()).toBe(0);
    expect((await raw(sessionId)).embedding_key_id).toBe(before.keyId);
    expect((await raw(sessionId)).embedding.equals(bytesOf(face))).toBe(false);

    const rotating = new EmbeddingCipher(newKey, [oldKey]);
    expect(await new EmbeddingSealing(database.dataSource, rotating).sealAll()).toBeGreaterThanOrEqual(1);
    expect((await raw(sessionId)).embedding_key_id).toBe(rotating.keyId);
    expect((await new SelfieRepository(database.dataSource, new EmbeddingCipher(newKey)).find(sessionId))!.embedding).toEqual(face);
    await expect(new SelfieRepository(database.dataSource, new EmbeddingCipher(oldKey)).find(sessionId)).rejects.toThrow(/another key/);
  });

  it("keeps a selfie image for the reviewer's case view sealed, re-seals it on a rotation, and drops it with the evidence (issue 29)", async () => {
    const selfies = new SelfieRepository(database.dataSource, new EmbeddingCipher(oldKey));
    const sessionId = randomUUID();
    const image = randomBytes(2048);
    const uploadId = await selfies.save({
      sessionId,
      projectId: randomUUID(),
      dataGeneration: 0,
      width: 1,
      height: 1,
      selfie: { status: 'live', confidence: 0.9, faceDetected: true, qualityReasons: [], faceCount: 1, embedding: embedding() },
      image: { bytes: image, type: 'image/jpeg' },
    });
    expect(await selfies.promote(sessionId, uploadId)).toBe('promoted');
    const [stored]: { image: Buffer }[] = await database.dataSource.query(`SELECT image FROM biometrics.selfies WHERE session_id = $1`, [
      sessionId,
    ]);
    expect(stored.image.includes(image.subarray(0, 64))).toBe(false);
    expect(await selfies.selfieImage(sessionId, true)).toEqual({ image, type: 'image/jpeg' });
    expect((await selfies.selfieImage(sessionId, false))?.image.length).toBe(0);

    const rotating = new EmbeddingCipher(newKey, [oldKey]);
    const sealing = new EmbeddingSealing(database.dataSource, rotating);
    expect(await sealing.remaining()).toBeGreaterThanOrEqual(1);
    await sealing.sealAll();
    expect(await sealing.remaining()).toBe(0);
    const afterRotation = new SelfieRepository(database.dataSource, new EmbeddingCipher(newKey));
    expect((await afterRotation.selfieImage(sessionId, true))?.image.equals(image)).toBe(true);

    expect(await afterRotation.dropImage(sessionId)).toBe(true);
    expect(await afterRotation.selfieImage(sessionId, true)).toBeNull();
    expect(await afterRotation.dropImage(sessionId)).toBe(false);
    // The embedding stays for the duplicate index.
    expect((await afterRotation.find(sessionId))?.embedding).not.toBeNull();
  });
});
