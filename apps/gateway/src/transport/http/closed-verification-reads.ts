import { ClosedVerificationCache } from '../../domain/closed-verification-cache';
import type { presentVerification } from './presenters';

/** The gateway's one cache of closed verification reads (an injectable class for Nest). */
export class ClosedVerificationReads extends ClosedVerificationCache<ReturnType<typeof presentVerification>> {}
