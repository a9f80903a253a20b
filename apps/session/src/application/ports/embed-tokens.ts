/** Issues the session-bound embed token (spec 2.2, part 5); infrastructure/embed-token.ts signs it. */
export interface EmbedTokens {
  issue(claims: { sessionId: string; projectId: string; environment: string; expiresAt: Date }): Promise<string>;
}
