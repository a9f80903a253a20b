import type { session } from '@kyc/contracts';
import type { FastifyRequest } from 'fastify';

/** Set by SecretKeyGuard: the project environment the secret key belongs to. */
export interface AuthenticatedRequest extends FastifyRequest {
  principal: session.Principal;
}
