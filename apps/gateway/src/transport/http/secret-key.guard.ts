import { createHash } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { session } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { ServiceClients } from '../../infrastructure/service-clients';
import type { AuthenticatedRequest } from './principal';

const SECRET_KEY_PATTERN = /^sk_(test|sandbox|live)_[A-Za-z0-9_-]{32}$/;
const MAX_CACHED_KEYS = 10_000;

export const AUTH_CACHE_TTL_MS = Symbol('AUTH_CACHE_TTL_MS');

/**
 * `Authorization: Bearer sk_...` on /v1/sessions* and /v1/verifications/*. Resolved keys are
 * cached briefly (AUTH_CACHE_TTL_MS, default 5 s) by digest, so a revoked key stops working
 * within that time; unknown keys are never cached.
 */
@Injectable()
export class SecretKeyGuard implements CanActivate {
  private readonly cache = new Map<string, { principal: session.Principal; expiresAt: number }>();

  constructor(
    private readonly clients: ServiceClients,
    @Inject(AUTH_CACHE_TTL_MS) private readonly ttlMs: number,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const key = bearerToken(request.headers.authorization);
    if (!key || !SECRET_KEY_PATTERN.test(key))
      throw new KycError(ErrorCode.UNAUTHENTICATED, 'Missing or malformed secret key: send Authorization: Bearer sk_...');
    const digest = createHash('sha256').update(key).digest('hex');
    const cached = this.cache.get(digest);
    if (cached && cached.expiresAt > Date.now()) {
      request.principal = cached.principal;
      return true;
    }
    const { principal } = await this.clients.session.authenticateApiKey({ secretKey: key });
    if (!principal) throw new KycError(ErrorCode.UNAUTHENTICATED);
    if (this.ttlMs > 0) {
      if (this.cache.size >= MAX_CACHED_KEYS) this.cache.clear();
      this.cache.set(digest, { principal, expiresAt: Date.now() + this.ttlMs });
    }
    request.principal = principal;
    return true;
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
}
