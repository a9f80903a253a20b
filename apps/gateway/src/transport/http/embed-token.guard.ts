import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import type { FastifyRequest } from 'fastify';
import type { EnvironmentName } from './environment-mapping';
import { errors as joseErrors, jwtVerify } from 'jose';
import { bearerToken } from './secret-key.guard';

export const EMBED_TOKEN_SECRET = Symbol('EMBED_TOKEN_SECRET');

/** Set by EmbedTokenGuard: the session the device-side token is bound to. */
export interface DeviceSession {
  sessionId: string;
  projectId: string;
  environment: EnvironmentName;
}

const ENVIRONMENTS: readonly string[] = ['test', 'sandbox', 'live'] satisfies EnvironmentName[];

export interface DeviceRequest extends FastifyRequest {
  device: DeviceSession;
}

/**
 * An embed token verified as the session service issues it: HS256 only, issuer kyc-session,
 * audience kyc-device, unexpired. An expired token means its session has expired (they expire
 * together), so it is KYC_003.
 */
export class EmbedTokenVerifier {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /** The session of `Authorization: Bearer <embedToken>`, or UNAUTHENTICATED / SESSION_EXPIRED. */
  async verifyHeader(authorization: string | undefined): Promise<DeviceSession> {
    const token = bearerToken(authorization);
    if (!token) throw new KycError(ErrorCode.UNAUTHENTICATED, 'Missing embed token: send Authorization: Bearer <embedToken>');
    return this.verify(token);
  }

  private async verify(token: string): Promise<DeviceSession> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: 'kyc-session',
        audience: 'kyc-device',
        requiredClaims: ['sub', 'exp'],
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.pid !== 'string' ||
        typeof payload.env !== 'string' ||
        !ENVIRONMENTS.includes(payload.env)
      )
        throw new KycError(ErrorCode.UNAUTHENTICATED, 'Invalid embed token');
      return { sessionId: payload.sub, projectId: payload.pid, environment: payload.env as EnvironmentName };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired)
        throw new KycError(ErrorCode.SESSION_EXPIRED, 'The session of this embed token has expired; create a new session');
      if (error instanceof KycError) throw error;
      throw new KycError(ErrorCode.UNAUTHENTICATED, 'Invalid embed token');
    }
  }
}

/** `Authorization: Bearer <embedToken>` on /v1/kyc/* (spec part 5); sets `request.device`. */
@Injectable()
export class EmbedTokenGuard implements CanActivate {
  private readonly verifier: EmbedTokenVerifier;

  constructor(@Inject(EMBED_TOKEN_SECRET) secret: string) {
    this.verifier = new EmbedTokenVerifier(secret);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<DeviceRequest>();
    request.device = await this.verifier.verifyHeader(request.headers.authorization);
    return true;
  }
}
