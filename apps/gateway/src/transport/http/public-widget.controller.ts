import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import { EMBED_SCRIPTS_DIR } from '@kyc/widget';
import type { FastifyReply } from 'fastify';
import { WidgetHandoffRepository } from '../../infrastructure/widget-handoff.repository';
import { handoffExchangeBody } from './request-schemas';

/** The two public scripts of spec 4.10, by their fixed names; read once at start. */
const EMBED_SCRIPTS = ['widget-v2.js', 'loader.js'] as const;

function loadScripts(): Map<string, Buffer> {
  return new Map(EMBED_SCRIPTS.map((name) => [name, readFileSync(path.join(EMBED_SCRIPTS_DIR, name))]));
}

/**
 * Spec 4.10's public assets and the QR hand-off's exchange: no credential (the scripts are
 * loaded by any integrator's page; the hand-off code is the phone's credential).
 */
@Controller('v1/public')
export class PublicWidgetController {
  private readonly scripts = loadScripts();

  constructor(private readonly handoffs: WidgetHandoffRepository) {}

  /**
   * `widget-v2.js` (the embed script) and `loader.js` (its loading screen), loaded cross-origin by
   * host pages: CORP cross-origin so a host with COEP may load them, and CORS so a host may pin
   * them with Subresource Integrity. Short caching: a fix reaches hosts within minutes.
   */
  @Get(':script')
  script(@Param('script') name: string, @Res() reply: FastifyReply) {
    const body = this.scripts.get(name);
    if (!body) throw new KycError(ErrorCode.NOT_FOUND);
    void reply
      .headers({
        'cache-control': 'public, max-age=300',
        'cross-origin-resource-policy': 'cross-origin',
        'access-control-allow-origin': '*',
        'x-content-type-options': 'nosniff',
      })
      .type('text/javascript; charset=utf-8')
      .send(body);
  }

  /**
   * The phone trades the one-time code of the QR link for its session's embed token. Once only:
   * the second open of a link is 410 KYC_HANDOFF_USED; a lapsed or unknown one 410 KYC_HANDOFF_INVALID.
   */
  @Post('widget/handoff')
  @HttpCode(200)
  async exchange(@Body() rawBody: unknown) {
    const body = handoffExchangeBody.parse(rawBody ?? {});
    return this.handoffs.open(body.code);
  }
}
