// Generates src/gen/openapi.ts from the gateway's committed OpenAPI document with openapi-typescript
// (pinned in package.json). `--check` regenerates in memory and fails when the committed file
// differs, so the SDK's types cannot drift from the document (run by `npm run lint`).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = join(packageDir, '..', '..');
const documentPath = join(repoDir, 'apps', 'gateway', 'openapi.json');
const outputPath = join(packageDir, 'src', 'gen', 'openapi.ts');
const generatorVersion = createRequire(import.meta.url)('openapi-typescript/package.json').version;

// `--source <file>` reads the document's text from elsewhere (e.g. `git show HEAD:apps/gateway/openapi.json`),
// so the types can be made for a committed version while the working copy moves on.
const sourceFlag = process.argv.indexOf('--source');
const source = readFileSync(sourceFlag > 0 ? process.argv[sourceFlag + 1] : documentPath, 'utf8');
const document = JSON.parse(source);
const ast = await openapiTS(document, { alphabetize: false });
const header = [
  '/**',
  ' * GENERATED FILE, DO NOT EDIT: `npm run openapi:types -w @kyc/sdk` rewrites it.',
  ` * Generator: openapi-typescript ${generatorVersion}`,
  ` * Document: ${relative(repoDir, documentPath)} ("${document.info.title}", info.version ${document.info.version})`,
  ` * Document sha256: ${createHash('sha256').update(source).digest('hex')}`,
  ' */',
  '',
].join('\n');
const generated = header + astToString(ast);

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(outputPath, 'utf8');
  } catch {
    // A missing file is drift too.
  }
  if (committed !== generated) {
    console.error(
      `${relative(repoDir, outputPath)} is out of date with ${relative(repoDir, documentPath)}: run npm run openapi:types -w @kyc/sdk`,
    );
    process.exit(1);
  }
  console.log(`${relative(repoDir, outputPath)} matches ${relative(repoDir, documentPath)}`);
} else {
  writeFileSync(outputPath, generated);
  console.log(`wrote ${relative(repoDir, outputPath)}`);
}
