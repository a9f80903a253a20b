import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import {
  WIDGET_ASSETS_DIR,
  WIDGET_ASSET_FILES,
  WIDGET_SECURITY_HEADERS,
  qrPageHtml,
  widgetPageHtml,
  widgetSecurityHeaders,
} from '@kyc/widget';
import type { FastifyReply } from 'fastify';
import { embeddingOriginOf } from '../../domain/widget-handoff';

/** Session ids are UUIDs; anything else in the path is not a session page. */
const SESSION_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The built assets, read once at start: a fixed set of files, so no request path ever reaches the file system. */
function loadAssets(): Map<string, { body: Buffer; type: string }> {
  return new Map(
    Object.entries(WIDGET_ASSET_FILES).map(([name, type]) => [name, { body: readFileSync(path.join(WIDGET_ASSETS_DIR, name)), type }]),
  );
}

/**
 * The hosted page at widgetUrl (spec part 1), the QR hand-off pages (qrCodeUrl and the phone's
 * /widget/handoff) and their assets, under the pages' strict Content-Security-Policy. No page
 * carries a secret: each reads its credential from the link's fragment.
 */
@Controller('widget')
export class WidgetPageController {
  private readonly page = Buffer.from(widgetPageHtml());
  private readonly qrPage = Buffer.from(qrPageHtml());
  private readonly assets = loadAssets();

  /**
   * `?embed=<origin>`: the embed script frames the page for that host, which `frame-ancestors`
   * then names (and only it); without it the page may not be framed at all.
   */
  @Get('sessions/:sessionId')
  sessionPage(@Param('sessionId') sessionId: string, @Query('embed') embed: unknown, @Res() reply: FastifyReply) {
    if (!SESSION_ID.test(sessionId)) throw new KycError(ErrorCode.SESSION_NOT_FOUND);
    this.sendPage(reply, this.page, widgetSecurityHeaders(embeddingOriginOf(embed)));
  }

  /** qrCodeUrl: the desktop page that hands the session to a phone. */
  @Get('sessions/:sessionId/qr')
  qrCodePage(@Param('sessionId') sessionId: string, @Res() reply: FastifyReply) {
    if (!SESSION_ID.test(sessionId)) throw new KycError(ErrorCode.SESSION_NOT_FOUND);
    this.sendPage(reply, this.qrPage, WIDGET_SECURITY_HEADERS);
  }

  /** The phone's page of the QR hand-off (`#code=…`): the flow's page, which trades the code for the session first. */
  @Get('handoff')
  handoffPage(@Res() reply: FastifyReply) {
    this.sendPage(reply, this.page, WIDGET_SECURITY_HEADERS);
  }

  @Get('assets/:file')
  asset(@Param('file') file: string, @Res() reply: FastifyReply) {
    const asset = this.assets.get(file);
    if (!asset) throw new KycError(ErrorCode.NOT_FOUND, 'No such widget asset');
    // Fixed names, so a deploy must be seen at once: revalidate every time (no-cache, not no-store).
    void reply
      .headers({ ...WIDGET_SECURITY_HEADERS, 'cache-control': 'no-cache' })
      .type(asset.type)
      .send(asset.body);
  }

  private sendPage(reply: FastifyReply, page: Buffer, headers: Readonly<Record<string, string>>): void {
    // The pages are the same for every session; no-store keeps a shared device from showing a stale flow.
    void reply
      .headers({ ...headers, 'cache-control': 'no-store' })
      .type('text/html; charset=utf-8')
      .send(page);
  }
}
