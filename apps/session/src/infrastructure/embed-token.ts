import { SignJWT } from 'jose';
import type { EmbedTokens } from '../application/ports/embed-tokens';

/**
 * The session-bound embed token (spec 2.2, part 5): HS256, bound to session, project and
 * environment. Its `exp` is a ceiling (the longest the session can live, action_required
 * extensions included); every device call is judged by the session's state at that moment
 * (expired: KYC_003; decided: closed). Verified by the gateway on /v1/kyc/* with the algorithm pinned.
 */
export class EmbedTokenIssuer implements EmbedTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  issue(claims: { sessionId: string; projectId: string; environment: string; expiresAt: Date }): Promise<string> {
    return new SignJWT({ pid: claims.projectId, env: claims.environment })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sessionId)
      .setIssuer('kyc-session')
      .setAudience('kyc-device')
      .setIssuedAt()
      .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
      .sign(this.key);
  }
}
