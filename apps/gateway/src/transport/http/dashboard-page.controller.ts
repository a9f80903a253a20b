import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import { DASHBOARD_ASSETS_DIR, DASHBOARD_ASSET_FILES, DASHBOARD_SECURITY_HEADERS, dashboardPageHtml } from '@kyc/dashboard';
import type { FastifyReply } from 'fastify';

/** The built assets, read once at start: a fixed set of files, so no request path reaches the file system. */
function loadAssets(): Map<string, { body: Buffer; type: string }> {
  return new Map(
    Object.entries(DASHBOARD_ASSET_FILES).map(([name, type]) => [
      name,
      { body: readFileSync(path.join(DASHBOARD_ASSETS_DIR, name)), type },
    ]),
  );
}

/**
 * The operators' dashboard (issue 29): one page (it routes by the address's fragment) and its
 * script and stylesheet, under the widget pages' strict Content-Security-Policy. The page holds
 * no data and no credential; it signs in through /dashboard/api/session and then calls /admin/v1.
 */
@Controller('dashboard')
export class DashboardPageController {
  private readonly page = Buffer.from(dashboardPageHtml());
  private readonly assets = loadAssets();

  @Get()
  dashboardPage(@Res() reply: FastifyReply) {
    void reply
      .headers({ ...DASHBOARD_SECURITY_HEADERS, 'cache-control': 'no-store' })
      .type('text/html; charset=utf-8')
      .send(this.page);
  }

  @Get('assets/:file')
  asset(@Param('file') file: string, @Res() reply: FastifyReply) {
    const asset = this.assets.get(file);
    if (!asset) throw new KycError(ErrorCode.NOT_FOUND, 'No such dashboard asset');
    // Fixed names, so a deploy must be seen at once: revalidate every time.
    void reply
      .headers({ ...DASHBOARD_SECURITY_HEADERS, 'cache-control': 'no-cache' })
      .type(asset.type)
      .send(asset.body);
  }
}
