import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ServiceClients } from '../../infrastructure/service-clients';
import { presentDesignTokens } from './branding-presenters';

export const designTokensQuery = z.object({
  publishableKey: z.string().regex(/^pk_(test|sandbox|live)_[A-Za-z0-9_-]{8,128}$/, 'a publishable key pk_…'),
});
const LOGO_FILE = /^([0-9a-f]{64})\.png$/;

/**
 * Public branding lookups (spec 4.10, part 5: the publishable key is for "instant branding" and
 * never carries a secret). Branding is not secret either, so any origin may read it (CORS *); an
 * unknown or revoked key is 404 NOT_FOUND.
 */
@Controller()
export class DesignTokensController {
  constructor(private readonly clients: ServiceClients) {}

  @Get('public/design-tokens')
  async designTokens(@Query() query: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    const { publishableKey } = designTokensQuery.parse(query);
    const branding = await this.clients.session.getBrandingByPublishableKey({ publishableKey });
    // A minute: a brand change reaches open pages soon, and a busy host page costs one lookup a minute per browser.
    void reply.headers({ 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=60' });
    return presentDesignTokens(branding);
  }

  @Get('v1/public/branding/logos/:file')
  async logo(@Param('file') file: string, @Res() reply: FastifyReply) {
    const sha256 = LOGO_FILE.exec(file)?.[1];
    if (!sha256) throw new KycError(ErrorCode.NOT_FOUND, 'Logo not found');
    const logo = await this.clients.session.getBrandingLogo({ sha256 });
    void reply
      .headers({
        'cache-control': 'public, max-age=31536000, immutable',
        'access-control-allow-origin': '*',
        'cross-origin-resource-policy': 'cross-origin',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'",
      })
      .type('image/png')
      .send(Buffer.from(logo.png));
  }
}
