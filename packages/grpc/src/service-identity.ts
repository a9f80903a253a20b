import { type KeyObject, createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import type { ServiceName } from '@kyc/contracts';
import type { Logger } from '@kyc/logger';
import { metricsRegistry, sharedCounter } from '@kyc/metrics';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { type ServiceCaller, isCallAllowed, isServiceCaller } from './service-allow-list';

/**
 * Service identity: every internal gRPC call carries a short-lived JWT signed with the caller's own
 * Ed25519 key (`authorization: Bearer …`, iss = caller, aud = callee); every server verifies it
 * against the callers' public keys and the allow-list before the handler runs. Keys travel as
 * base64 DER (PKCS#8 private, SPKI public): one line each, so they fit an environment variable.
 */

export const SERVICE_TOKEN_ALGORITHM = 'EdDSA';
/** Lifetime of a service token; the signer reuses one until half of it is left. */
export const SERVICE_TOKEN_TTL_SECONDS = 60;
/** Clock skew tolerated between hosts when checking exp and iat. */
const CLOCK_TOLERANCE_SECONDS = 5;
const METADATA_KEY = 'authorization';
/** Verified tokens remembered per server process: a few per caller at a time (one per callee, renewed at half-life). */
export const VERIFIED_TOKEN_CACHE_SIZE = 256;
const HEALTH_SERVICE_PREFIX = '/grpc.health.v1.Health/';

export interface ServiceKeyPair {
  /** base64 PKCS#8 DER. */
  privateKey: string;
  /** base64 SPKI DER. */
  publicKey: string;
}

/** A fresh Ed25519 key pair (the launcher makes one per caller at each start; `npm run service-keys` prints a set). */
export function generateServiceKeyPair(): ServiceKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

export function parseServicePrivateKey(base64: string): KeyObject {
  const key = createPrivateKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`not an Ed25519 key (${key.asymmetricKeyType})`);
  return key;
}

export function parseServicePublicKey(base64: string): KeyObject {
  const key = createPublicKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`not an Ed25519 key (${key.asymmetricKeyType})`);
  return key;
}

/**
 * `gateway:<base64>,session:<base64>,…`; a caller may appear twice while its key rotates (either
 * key is accepted). Throws on an unknown caller or a key that is not Ed25519.
 */
export function parseServicePublicKeys(text: string): Map<ServiceCaller, KeyObject[]> {
  const keys = new Map<ServiceCaller, KeyObject[]>();
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const separator = entry.indexOf(':');
    const caller = entry.slice(0, separator);
    if (separator < 1 || !isServiceCaller(caller)) throw new Error(`"${caller}" is not a known caller`);
    keys.set(caller, [...(keys.get(caller) ?? []), parseServicePublicKey(entry.slice(separator + 1))]);
  }
  return keys;
}

/** The inverse of parseServicePublicKeys, for the launcher and tests. */
export const formatServicePublicKeys = (keys: Partial<Record<ServiceCaller, string>>): string =>
  Object.entries(keys)
    .map(([caller, key]) => `${caller}:${key}`)
    .join(',');

/** Signs this process's outgoing calls: one token per callee, renewed when half its lifetime is gone. */
export class ServiceTokenSigner {
  private readonly key: KeyObject;
  private readonly cache = new Map<ServiceName, { token: string; renewAt: number }>();

  constructor(
    readonly caller: ServiceCaller,
    privateKey: string | KeyObject,
  ) {
    this.key = typeof privateKey === 'string' ? parseServicePrivateKey(privateKey) : privateKey;
  }

  async tokenFor(audience: ServiceName): Promise<string> {
    const now = Date.now();
    const cached = this.cache.get(audience);
    if (cached && cached.renewAt > now) return cached.token;
    const issuedAt = Math.floor(now / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: SERVICE_TOKEN_ALGORITHM, typ: 'JWT' })
      .setIssuer(this.caller)
      .setAudience(audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + SERVICE_TOKEN_TTL_SECONDS)
      .sign(this.key);
    this.cache.set(audience, { token, renewAt: now + (SERVICE_TOKEN_TTL_SECONDS * 1000) / 2 });
    return token;
  }
}

/** Adds the token for `audience` to a call's metadata. */
export async function signedMetadata(signer: ServiceTokenSigner | undefined, audience: ServiceName): Promise<grpc.Metadata> {
  const metadata = new grpc.Metadata();
  if (signer) metadata.set(METADATA_KEY, `Bearer ${await signer.tokenFor(audience)}`);
  return metadata;
}

export type RefusalReason = 'missing' | 'malformed' | 'expired' | 'bad_signature' | 'unknown_caller' | 'wrong_audience' | 'not_allowed';

export class RefusedCall extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly code: grpc.status,
    /** Only when the caller was identified (a verified token); never an unverified claim. */
    readonly caller?: ServiceCaller,
  ) {
    super(`service call refused: ${reason}`);
  }
}

/**
 * Checks a call's token and the allow-list for the service this server is. A caller reuses its
 * token for half its lifetime, so a token whose signature and claims verified once is remembered,
 * keyed by its SHA-256 digest, until the earlier of its `exp` and `iat` + the maximum token age
 * (without the clock tolerance: a remembered token is never accepted later than a fresh check
 * would accept it). At most VERIFIED_TOKEN_CACHE_SIZE are kept; refusals are never remembered, and
 * any other token, a tampered one included, has another digest and is checked in full.
 */
export class ServiceTokenVerifier {
  private readonly verified = new Map<string, { caller: ServiceCaller; validUntilMs: number }>();

  constructor(
    readonly service: ServiceName,
    private readonly publicKeys: ReadonlyMap<ServiceCaller, readonly KeyObject[]>,
    /** The clock (epoch ms), for tests. */
    private readonly now: () => number = Date.now,
  ) {}

  /** The verified caller, or a RefusedCall (UNAUTHENTICATED: no valid token; PERMISSION_DENIED: a valid caller, not allowed). */
  async authorize(metadata: grpc.Metadata, method: string): Promise<ServiceCaller> {
    const caller = await this.authenticate(metadata);
    if (!isCallAllowed(this.service, caller, method)) throw new RefusedCall('not_allowed', grpc.status.PERMISSION_DENIED, caller);
    return caller;
  }

  /** How many verified tokens are remembered (bounded by VERIFIED_TOKEN_CACHE_SIZE). */
  get rememberedTokens(): number {
    return this.verified.size;
  }

  private async authenticate(metadata: grpc.Metadata): Promise<ServiceCaller> {
    const values = metadata.get(METADATA_KEY);
    if (values.length === 0) throw new RefusedCall('missing', grpc.status.UNAUTHENTICATED);
    const match = values.length === 1 && typeof values[0] === 'string' ? /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(values[0]) : null;
    if (!match) throw new RefusedCall('malformed', grpc.status.UNAUTHENTICATED);
    const token = match[1]!;
    const digest = createHash('sha256').update(token).digest('base64');
    const remembered = this.verified.get(digest);
    if (remembered) {
      if (this.now() < remembered.validUntilMs) return remembered.caller;
      this.verified.delete(digest);
    }
    // The issuer picks the key to check with; it is trusted only once a signature by that key verifies.
    const claimedIssuer = this.unverifiedIssuer(token);
    const keys = claimedIssuer ? this.publicKeys.get(claimedIssuer) : undefined;
    if (!claimedIssuer || !keys?.length) throw new RefusedCall('unknown_caller', grpc.status.UNAUTHENTICATED);
    let failure: RefusedCall | undefined;
    for (const key of keys) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [SERVICE_TOKEN_ALGORITHM],
          issuer: claimedIssuer,
          audience: this.service,
          requiredClaims: ['iat', 'exp'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          maxTokenAge: SERVICE_TOKEN_TTL_SECONDS + CLOCK_TOLERANCE_SECONDS,
          currentDate: new Date(this.now()),
        });
        this.remember(
          digest,
          claimedIssuer,
          Math.min(payload.exp!, payload.iat! + SERVICE_TOKEN_TTL_SECONDS + CLOCK_TOLERANCE_SECONDS) * 1000,
        );
        return claimedIssuer;
      } catch (error) {
        failure = refusalOf(error);
        if (failure.reason !== 'bad_signature') break;
      }
    }
    throw failure ?? new RefusedCall('bad_signature', grpc.status.UNAUTHENTICATED);
  }

  private remember(digest: string, caller: ServiceCaller, validUntilMs: number): void {
    if (this.verified.size >= VERIFIED_TOKEN_CACHE_SIZE) {
      const now = this.now();
      for (const [key, entry] of this.verified) if (entry.validUntilMs <= now) this.verified.delete(key);
      // Still full (more live tokens than callers normally hold): forget the oldest.
      if (this.verified.size >= VERIFIED_TOKEN_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
    }
    this.verified.set(digest, { caller, validUntilMs });
  }

  private unverifiedIssuer(token: string): ServiceCaller | undefined {
    try {
      const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { iss?: unknown };
      return isServiceCaller(payload.iss) ? payload.iss : undefined;
    } catch {
      throw new RefusedCall('malformed', grpc.status.UNAUTHENTICATED);
    }
  }
}

function refusalOf(error: unknown): RefusedCall {
  const unauthenticated = (reason: RefusalReason) => new RefusedCall(reason, grpc.status.UNAUTHENTICATED);
  if (error instanceof joseErrors.JWTExpired) return unauthenticated('expired');
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return unauthenticated('bad_signature');
  if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'aud') return unauthenticated('wrong_audience');
  if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'iat') return unauthenticated('expired');
  return unauthenticated('malformed');
}

type UntypedUnaryHandler = grpc.handleUnaryCall<unknown, unknown>;

const methodOf = (path: string): { service: string; method: string } => {
  const [, service = path, method = ''] = /^\/([^/]+)\/([^/]+)$/.exec(path) ?? [];
  return { service, method };
};

/**
 * Puts the verifier in front of every method the server registers from here on, except the
 * standard health service (probes and the launcher hold no key). Refusals are answered before the
 * handler runs, counted by reason and logged with the method and the verified caller only (never
 * the token or the request). Wraps `register` for the reason measureGrpcServer does: NestJS builds
 * the grpc-js server itself and passes it no server interceptors. Streaming methods are refused
 * outright: no contract of ours has one, and this guard only knows how to check unary calls.
 */
export function guardGrpcServer(server: grpc.Server, verifier: ServiceTokenVerifier, logger: Logger): void {
  const refused = sharedCounter(
    metricsRegistry(),
    'kyc_grpc_refused_calls_total',
    'Internal gRPC calls refused by the service-identity check, by service, method and reason.',
    ['grpc_service', 'grpc_method', 'reason'] as const,
  );
  const register = server.register.bind(server);
  server.register = (name, handler, serialize, deserialize, type) => {
    if (name.startsWith(HEALTH_SERVICE_PREFIX)) return register(name, handler, serialize, deserialize, type);
    const { service, method } = methodOf(name);
    if (type !== 'unary') throw new Error(`${name}: only unary methods can be guarded by service identity`);
    const unary = handler as UntypedUnaryHandler;
    const guarded: UntypedUnaryHandler = (call, callback) => {
      verifier.authorize(call.metadata, method).then(
        () => unary(call, callback),
        (error: unknown) => {
          const refusal = error instanceof RefusedCall ? error : new RefusedCall('malformed', grpc.status.UNAUTHENTICATED);
          refused.inc({ grpc_service: service, grpc_method: method, reason: refusal.reason });
          logger.warn({ method: `${service}/${method}`, reason: refusal.reason, caller: refusal.caller }, 'internal gRPC call refused');
          callback({ code: refusal.code, details: refusal.message } as grpc.ServiceError, null);
        },
      );
    };
    return register(name, guarded as typeof handler, serialize, deserialize, type);
  };
}
