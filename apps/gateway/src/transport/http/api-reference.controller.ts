import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import type { FastifyReply } from 'fastify';
import { buildOpenApiDocument } from './openapi/document';

/**
 * The docs page's own policy: its scripts and styles from this origin only (no CDN), nothing
 * framed, nothing posted. Swagger UI sets inline styles, so `style-src` allows them here; the
 * widget pages keep their stricter policy (they are other routes with their own headers).
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Identity verification API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="api-reference"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

/** Run by the page (no inline script under the policy above). */
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#api-reference', deepLinking: true });\n`;

/** Swagger UI's files from the installed swagger-ui-dist, read once at start: a fixed set, so no request path reaches the file system. */
function loadDocsAssets(): Map<string, { body: Buffer; type: string }> {
  const dir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  return new Map([
    ['swagger-ui.css', { body: readFileSync(path.join(dir, 'swagger-ui.css')), type: 'text/css; charset=utf-8' }],
    ['swagger-ui-bundle.js', { body: readFileSync(path.join(dir, 'swagger-ui-bundle.js')), type: 'text/javascript; charset=utf-8' }],
    ['init.js', { body: Buffer.from(INIT_SCRIPT), type: 'text/javascript; charset=utf-8' }],
  ]);
}

/** The API reference: the generated OpenAPI document at /openapi.json and Swagger UI over it at /docs. */
@Controller()
export class ApiReferenceController {
  private readonly document = Buffer.from(JSON.stringify(buildOpenApiDocument()));
  private readonly page = Buffer.from(DOCS_PAGE);
  private readonly assets = loadDocsAssets();

  @Get('openapi.json')
  openApi(@Res() reply: FastifyReply) {
    void reply
      .headers({ 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*', 'x-content-type-options': 'nosniff' })
      .type('application/json; charset=utf-8')
      .send(this.document);
  }

  @Get('docs')
  docs(@Res() reply: FastifyReply) {
    this.send(reply, this.page, 'text/html; charset=utf-8');
  }

  @Get('docs/:file')
  asset(@Param('file') file: string, @Res() reply: FastifyReply) {
    const asset = this.assets.get(file);
    if (!asset) throw new KycError(ErrorCode.NOT_FOUND);
    this.send(reply, asset.body, asset.type);
  }

  private send(reply: FastifyReply, body: Buffer, type: string) {
    void reply
      .headers({
        'content-security-policy': DOCS_CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': 'public, max-age=300',
      })
      .type(type)
      .send(body);
  }
}
