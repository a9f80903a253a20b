import { generateKeyPairSync } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { SignJWT } from 'jose';
import {
  ServiceTokenVerifier,
  VERIFIED_TOKEN_CACHE_SIZE,
  formatServicePublicKeys,
  generateServiceKeyPair,
  parseServicePrivateKey,
  parseServicePublicKeys,
} from './service-identity';

/** The verifier remembers tokens it verified (issue 27 item 8): never longer than a fresh check accepts them. */
describe('ServiceTokenVerifier: remembered tokens', () => {
  const biometrics = generateServiceKeyPair();
  const publicKeys = parseServicePublicKeys(formatServicePublicKeys({ biometrics: biometrics.publicKey }));
  const privateKey = parseServicePrivateKey(biometrics.privateKey);
  const start = Date.UTC(2026, 10, 27, 10, 0, 0);
  let clock = start;
  const verifier = () => new ServiceTokenVerifier('document', publicKeys, () => clock);
  const sign = (issuedAtMs: number, key = privateKey, audience = 'document', jti = 'one') =>
    new SignJWT({ jti })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setIssuer('biometrics')
      .setAudience(audience)
      .setIssuedAt(Math.floor(issuedAtMs / 1000))
      .setExpirationTime(Math.floor(issuedAtMs / 1000) + 60)
      .sign(key);
  const metadataOf = (token: string) => {
    const metadata = new grpc.Metadata();
    metadata.set('authorization', `Bearer ${token}`);
    return metadata;
  };

  beforeEach(() => (clock = start));

  it('remembers a verified token and answers its caller again until it expires, then refuses it', async () => {
    const checker = verifier();
    const token = await sign(start);
    await expect(checker.authorize(metadataOf(token), 'GetPortrait')).resolves.toBe('biometrics');
    expect(checker.rememberedTokens).toBe(1);
    clock = start + 59_000;
    await expect(checker.authorize(metadataOf(token), 'GetPortrait')).resolves.toBe('biometrics');
    // Past exp and the 5 s clock tolerance: refused, although it was remembered.
    clock = start + 66_000;
    await expect(checker.authorize(metadataOf(token), 'GetPortrait')).rejects.toMatchObject({ reason: 'expired' });
    expect(checker.rememberedTokens).toBe(0);
  });

  it('still checks the allow-list for a remembered token, and never remembers a refusal', async () => {
    const checker = verifier();
    const token = await sign(start);
    await expect(checker.authorize(metadataOf(token), 'GetPortrait')).resolves.toBe('biometrics');
    await expect(checker.authorize(metadataOf(token), 'AnalyzeSide')).rejects.toMatchObject({ reason: 'not_allowed' });
    const forged = await sign(start, generateKeyPairSync('ed25519').privateKey);
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(checker.authorize(metadataOf(forged), 'GetPortrait')).rejects.toMatchObject({ reason: 'bad_signature' });
    }
    const elsewhere = await sign(start, privateKey, 'scoring');
    await expect(checker.authorize(metadataOf(elsewhere), 'GetPortrait')).rejects.toMatchObject({ reason: 'wrong_audience' });
    expect(checker.rememberedTokens).toBe(1);
  });

  it("refuses a remembered token's payload under another signature", async () => {
    const checker = verifier();
    const token = await sign(start);
    await checker.authorize(metadataOf(token), 'GetPortrait');
    const [header, payload] = token.split('.');
    const otherSignature = (await sign(start, generateKeyPairSync('ed25519').privateKey)).split('.')[2];
    await expect(checker.authorize(metadataOf(`${header}.${payload}.${otherSignature}`), 'GetPortrait')).rejects.toMatchObject({
      reason: 'bad_signature',
    });
  });

  it(`keeps at most ${VERIFIED_TOKEN_CACHE_SIZE} tokens`, async () => {
    const checker = verifier();
    for (let n = 0; n < VERIFIED_TOKEN_CACHE_SIZE + 10; n++) {
      await checker.authorize(metadataOf(await sign(start, privateKey, 'document', `token-${n}`)), 'GetPortrait');
    }
    expect(checker.rememberedTokens).toBe(VERIFIED_TOKEN_CACHE_SIZE);
  });
});
