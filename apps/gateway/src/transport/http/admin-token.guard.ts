import { createHash, timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from './secret-key.guard';

/** `Authorization: Bearer <adminToken>` on /admin/v1, compared as fixed-length digests in constant time. */
export const ADMIN_TOKEN = Symbol('ADMIN_TOKEN');

@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(ADMIN_TOKEN) adminToken: string) {
    this.expected = createHash('sha256').update(adminToken).digest();
  }

  canActivate(context: ExecutionContext): boolean {
    const token = bearerToken(context.switchToHttp().getRequest<FastifyRequest>().headers.authorization);
    const given = createHash('sha256')
      .update(token ?? '')
      .digest();
    if (!token || !timingSafeEqual(given, this.expected)) throw new KycError(ErrorCode.UNAUTHENTICATED, 'Missing or wrong admin token');
    return true;
  }
}
