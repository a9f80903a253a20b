import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { buildOpenApiDocument } from './document';

/** `npm run openapi -w @kyc/gateway`: regenerates the committed apps/gateway/openapi.json. */
export const COMMITTED_DOCUMENT = path.join(__dirname, '..', '..', '..', '..', 'openapi.json');

if (require.main === module) {
  writeFileSync(COMMITTED_DOCUMENT, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
  console.log(`wrote ${COMMITTED_DOCUMENT}`);
}
