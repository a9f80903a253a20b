import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import { WIDGET_ASSETS_DIR, WIDGET_ASSET_FILES, WIDGET_SECURITY_HEADERS, widgetPageHtml } from '@kyc/widget';
import type { FastifyReply } from 'fastify';

/** Session ids are UUIDs; anything else in the path is not a session page. */
const SESSION_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The built assets, read once at start: a fixed set of files, so no request path ever reaches the file system. */
function loadAssets(): Map<string, { body: Buffer; type: string }> {
  return new Map(
    Object.entries(WIDGET_ASSET_FILES).map(([name, type]) => [name, { body: readFileSync(path.join(WIDGET_ASSETS_DIR, name)), type }]),
  );
}

/**
 * The hosted page at widgetUrl (spec part 1) and its two assets, under the page's strict
 * Content-Security-Policy. The page itself carries no secret: it reads the session's embed token
 * from the link's fragment and calls the device endpoints (/v1/kyc/*) with it.
 */
@Controller('widget')
export class WidgetPageController {
  private readonly page = Buffer.from(widgetPageHtml());
  private readonly assets = loadAssets();

  @Get('sessions/:sessionId')
  sessionPage(@Param('sessionId') sessionId: string, @Res() reply: FastifyReply) {
    if (!SESSION_ID.test(sessionId)) throw new KycError(ErrorCode.SESSION_NOT_FOUND);
    // The page is the same for every session; no-store keeps a shared device from showing a stale flow.
    void reply
      .headers({ ...WIDGET_SECURITY_HEADERS, 'cache-control': 'no-store' })
      .type('text/html; charset=utf-8')
      .send(this.page);
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
}
