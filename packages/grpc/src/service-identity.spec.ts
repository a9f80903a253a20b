import { createSecretKey, generateKeyPairSync } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { Controller, Module } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type { document } from '@kyc/contracts';
import { createLogger } from '@kyc/logger';
import { metricsRegistry } from '@kyc/metrics';
import { SignJWT, UnsecuredJWT } from 'jose';
import { createGrpcClient } from './grpc-client';
import { type RunningGrpcService, startGrpcService } from './grpc-server';
import { checkGrpcHealth } from './health';
import {
  ServiceTokenSigner,
  ServiceTokenVerifier,
  formatServicePublicKeys,
  generateServiceKeyPair,
  parseServicePrivateKey,
  parseServicePublicKeys,
} from './service-identity';
import { freePort } from './testing/free-port';

let portraitsHandedOut = 0;

@Controller()
class PortraitStore {
  @GrpcMethod('DocumentService', 'GetPortrait')
  getPortrait(): document.Portrait {
    portraitsHandedOut += 1;
    return { found: true, image: Buffer.from('decrypted portrait'), side: 'front' } as unknown as document.Portrait;
  }

  @GrpcMethod('DocumentService', 'GetSideImage')
  getSideImage(): document.SideImage {
    portraitsHandedOut += 1;
    return { found: true, image: Buffer.from('decrypted side'), mediaType: 'image/jpeg' };
  }
}

@Module({ controllers: [PortraitStore] })
class PortraitModule {}

const GET_PORTRAIT = '/kyc.document.v1.DocumentService/GetPortrait';
const GET_SIDE_IMAGE = '/kyc.document.v1.DocumentService/GetSideImage';

describe('service identity on a real gRPC server (document.GetPortrait)', () => {
  const keys = { gateway: generateServiceKeyPair(), session: generateServiceKeyPair(), biometrics: generateServiceKeyPair() };
  const publicKeys = parseServicePublicKeys(
    formatServicePublicKeys({ gateway: keys.gateway.publicKey, session: keys.session.publicKey, biometrics: keys.biometrics.publicKey }),
  );
  let url: string;
  let running: RunningGrpcService;
  let raw: grpc.Client;

  /** A GetPortrait call with exactly the metadata given; answers the gRPC status code. */
  const callWith = (authorization?: string, method = GET_PORTRAIT): Promise<grpc.status> =>
    new Promise((resolve) => {
      const metadata = new grpc.Metadata();
      if (authorization !== undefined) metadata.set('authorization', authorization);
      raw.makeUnaryRequest(
        method,
        () => Buffer.alloc(0),
        (buffer: Buffer) => buffer,
        {},
        metadata,
        { deadline: Date.now() + 5_000 },
        (error) => resolve(error ? error.code : grpc.status.OK),
      );
    });
  const bearer = (token: string) => `Bearer ${token}`;
  const now = () => Math.floor(Date.now() / 1000);
  const claims = (issuer: string, audience = 'document', issuedAt = now()) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 60);

  beforeAll(async () => {
    url = `127.0.0.1:${await freePort()}`;
    running = await startGrpcService(PortraitModule, {
      service: 'document',
      url,
      logger: createLogger('service-identity-test', 'silent'),
      identity: new ServiceTokenVerifier('document', publicKeys),
    });
    raw = new grpc.Client(url, grpc.credentials.createInsecure());
  });

  afterAll(async () => {
    raw.close();
    await running.app.close();
  });

  beforeEach(() => (portraitsHandedOut = 0));

  it('hands the portrait to the biometrics service, through the one client factory', async () => {
    const client = createGrpcClient('document', url, {
      deadlineMs: 5_000,
      identity: new ServiceTokenSigner('biometrics', keys.biometrics.privateKey),
    });
    try {
      const portrait = await client.getPortrait({ sessionId: 'any' });
      expect(Buffer.from(portrait.image).toString()).toBe('decrypted portrait');
      expect(portraitsHandedOut).toBe(1);
    } finally {
      client.close();
    }
  });

  it('refuses a call without a token (UNAUTHENTICATED), also through the client factory', async () => {
    expect(await callWith()).toBe(grpc.status.UNAUTHENTICATED);
    const client = createGrpcClient('document', url, { deadlineMs: 5_000 });
    try {
      await expect(client.getPortrait({ sessionId: 'any' })).rejects.toBeDefined();
    } finally {
      client.close();
    }
    expect(portraitsHandedOut).toBe(0);
  });

  it('refuses a valid caller that is not on the allow-list for GetPortrait or GetSideImage (PERMISSION_DENIED)', async () => {
    const gateway = await new ServiceTokenSigner('gateway', keys.gateway.privateKey).tokenFor('document');
    expect(await callWith(bearer(gateway))).toBe(grpc.status.PERMISSION_DENIED);
    expect(await callWith(bearer(gateway), GET_SIDE_IMAGE)).toBe(grpc.status.PERMISSION_DENIED);
    const biometrics = await new ServiceTokenSigner('biometrics', keys.biometrics.privateKey).tokenFor('document');
    expect(await callWith(bearer(biometrics), GET_SIDE_IMAGE)).toBe(grpc.status.PERMISSION_DENIED);
    expect(portraitsHandedOut).toBe(0);
  });

  it("hands a side's decrypted image and the portrait to the session service (the reviewer's case view, issue 29)", async () => {
    const client = createGrpcClient('document', url, {
      deadlineMs: 5_000,
      identity: new ServiceTokenSigner('session', keys.session.privateKey),
    });
    try {
      expect(Buffer.from((await client.getSideImage({ sessionId: 'any', side: 1 })).image).toString()).toBe('decrypted side');
      expect(Buffer.from((await client.getPortrait({ sessionId: 'any' })).image).toString()).toBe('decrypted portrait');
      expect(portraitsHandedOut).toBe(2);
    } finally {
      client.close();
    }
  });

  it('refuses a service that holds no identity (webhook) and an unknown issuer', async () => {
    const stranger = generateKeyPairSync('ed25519').privateKey;
    expect(await callWith(bearer(await claims('webhook').sign(stranger)))).toBe(grpc.status.UNAUTHENTICATED);
    expect(await callWith(bearer(await claims('mallory').sign(stranger)))).toBe(grpc.status.UNAUTHENTICATED);
    expect(portraitsHandedOut).toBe(0);
  });

  it('refuses an expired token', async () => {
    const key = parseServicePrivateKey(keys.biometrics.privateKey);
    const expired = await claims('biometrics', 'document', now() - 120).sign(key);
    expect(await callWith(bearer(expired))).toBe(grpc.status.UNAUTHENTICATED);
    expect(portraitsHandedOut).toBe(0);
  });

  it('refuses a token signed by the wrong key, claiming to be biometrics', async () => {
    const forged = await claims('biometrics').sign(generateKeyPairSync('ed25519').privateKey);
    expect(await callWith(bearer(forged))).toBe(grpc.status.UNAUTHENTICATED);
    expect(portraitsHandedOut).toBe(0);
  });

  it('refuses a token meant for another service (audience scoring)', async () => {
    const token = await new ServiceTokenSigner('biometrics', keys.biometrics.privateKey).tokenFor('scoring');
    expect(await callWith(bearer(token))).toBe(grpc.status.UNAUTHENTICATED);
    expect(portraitsHandedOut).toBe(0);
  });

  it('refuses alg none and HS256 (keyed with the public key, the algorithm-confusion attack)', async () => {
    const unsecured = new UnsecuredJWT({}).setIssuer('biometrics').setAudience('document').setIssuedAt().setExpirationTime('1m').encode();
    expect(await callWith(bearer(unsecured))).toBe(grpc.status.UNAUTHENTICATED);
    const hmacKey = createSecretKey(Buffer.from(keys.biometrics.publicKey, 'base64'));
    const hs256 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('biometrics')
      .setAudience('document')
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(hmacKey);
    expect(await callWith(bearer(hs256))).toBe(grpc.status.UNAUTHENTICATED);
    expect(await callWith('Bearer not-a-token')).toBe(grpc.status.UNAUTHENTICATED);
    expect(portraitsHandedOut).toBe(0);
  });

  it('accepts either key of a caller during a rotation', async () => {
    const next = generateServiceKeyPair();
    const rotating = new ServiceTokenVerifier(
      'document',
      parseServicePublicKeys(`biometrics:${keys.biometrics.publicKey},biometrics:${next.publicKey}`),
    );
    const metadataOf = async (privateKey: string) => {
      const metadata = new grpc.Metadata();
      metadata.set('authorization', bearer(await new ServiceTokenSigner('biometrics', privateKey).tokenFor('document')));
      return metadata;
    };
    await expect(rotating.authorize(await metadataOf(keys.biometrics.privateKey), 'GetPortrait')).resolves.toBe('biometrics');
    await expect(rotating.authorize(await metadataOf(next.privateKey), 'GetPortrait')).resolves.toBe('biometrics');
    await expect(rotating.authorize(await metadataOf(generateServiceKeyPair().privateKey), 'GetPortrait')).rejects.toMatchObject({
      reason: 'bad_signature',
    });
  });

  it('leaves the health check open and counts refusals by reason', async () => {
    expect(await checkGrpcHealth(url)).toBe(true);
    expect(await callWith()).toBe(grpc.status.UNAUTHENTICATED);
    const text = await metricsRegistry().getSingleMetricAsString('kyc_grpc_refused_calls_total');
    expect(text).toMatch(
      /kyc_grpc_refused_calls_total\{grpc_service="kyc.document.v1.DocumentService",grpc_method="GetPortrait",reason="missing"\} [1-9]/,
    );
    expect(text).toMatch(/reason="not_allowed"\} [1-9]/);
    expect(text).toMatch(/reason="expired"\} [1-9]/);
    expect(text).toMatch(/reason="bad_signature"\} [1-9]/);
  });
});
