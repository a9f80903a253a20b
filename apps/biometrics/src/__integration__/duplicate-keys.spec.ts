import { randomBytes, createHash, createHmac, randomUUID } from 'node:crypto';
import { withServiceDatabase } from '@kyc/testing';
import { createBiometricsDataSource } from '../infrastructure/data-source';
import { LegacyDuplicateKeys } from '../infrastructure/legacy-duplicate-keys';
import { EmbeddingCipher } from '../infrastructure/embedding-cipher';
import { SelfieRepository } from '../infrastructure/selfie.repository';

/** The duplicate index's plain SHA-256 keys (key version 0) re-keyed to the session service's HMACs, on a real PostgreSQL. */
describe('legacy duplicate keys (real PostgreSQL)', () => {
  const database = withServiceDatabase(createBiometricsDataSource);
  const SECRET = 'duplicate-key-secret-of-the-biometrics-specs';
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  /** The session service's key of `text` (its domain/duplicate-key.ts). */
  const hmacKey = (text: string) => createHmac('sha256', SECRET).update(sha256(text)).digest('hex');

  const selfie = async (identityKey: string, emailKey: string) => {
    const selfies = new SelfieRepository(database.dataSource, new EmbeddingCipher(randomBytes(32)));
    const sessionId = randomUUID();
    const uploadId = await selfies.save({
      sessionId,
      projectId: randomUUID(),
      dataGeneration: 0,
      width: 1,
      height: 1,
      selfie: {
        status: 'live',
        confidence: 0.9,
        faceDetected: true,
        qualityReasons: [],
        faceCount: 1,
        embedding: new Float32Array(512).fill(0.1),
      },
    });
    expect(await selfies.promote(sessionId, uploadId)).toBe('promoted');
    await selfies.recordMatch(sessionId, {
      environment: 'sandbox',
      identityKey,
      emailKey,
      comparison: { status: 'MATCHED', score: 0.9 } as never,
      duplicateSuspected: false,
    });
    return sessionId;
  };
  const keysOf = async (sessionId: string) =>
    (
      await database.dataSource.query(
        `SELECT identity_key AS "identityKey", email_key AS "emailKey", duplicate_key_version AS version FROM biometrics.selfies WHERE session_id = $1`,
        [sessionId],
      )
    )[0];

  it('re-keys plain SHA-256 keys in place into the HMACs the same person gets now; new keys and empty keys stay', async () => {
    const legacy = await selfie(sha256('LOVELACE ADA|1815-12-10'), sha256('ada@example.com'));
    await database.dataSource.query(`UPDATE biometrics.selfies SET duplicate_key_version = 0 WHERE session_id = $1`, [legacy]);
    const legacyNoIdentity = await selfie('', sha256('grace@example.com'));
    await database.dataSource.query(`UPDATE biometrics.selfies SET duplicate_key_version = 0 WHERE session_id = $1`, [legacyNoIdentity]);
    const current = await selfie(hmacKey('HOPPER GRACE|1906-12-09'), hmacKey('grace@example.com'));

    const rekeying = new LegacyDuplicateKeys(database.dataSource, SECRET);
    expect(await rekeying.rekeyAll(1)).toBe(2);
    expect(await rekeying.rekeyAll()).toBe(0);

    expect(await keysOf(legacy)).toEqual({
      identityKey: hmacKey('LOVELACE ADA|1815-12-10'),
      emailKey: hmacKey('ada@example.com'),
      version: 1,
    });
    expect(await keysOf(legacyNoIdentity)).toEqual({ identityKey: '', emailKey: hmacKey('grace@example.com'), version: 1 });
    expect(await keysOf(current)).toEqual({
      identityKey: hmacKey('HOPPER GRACE|1906-12-09'),
      emailKey: hmacKey('grace@example.com'),
      version: 1,
    });
  });
});
