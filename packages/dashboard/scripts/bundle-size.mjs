// Prints the dashboard's bundle sizes (raw and gzipped) and fails the build past its budget (100 kB gzipped).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_GZIP_BYTES = 100 * 1024;
const dir = new URL('../dist/web/', import.meta.url).pathname;
let total = 0;
for (const name of existsSync(dir) ? readdirSync(dir).sort() : []) {
  const bytes = readFileSync(join(dir, name));
  const gzipped = gzipSync(bytes, { level: 9 }).length;
  total += gzipped;
  console.log(`dashboard bundle: ${name} ${(bytes.length / 1024).toFixed(1)} kB, ${(gzipped / 1024).toFixed(1)} kB gzipped`);
}
console.log(`dashboard bundle: total ${(total / 1024).toFixed(1)} kB gzipped (budget ${BUDGET_GZIP_BYTES / 1024} kB)`);
if (total > BUDGET_GZIP_BYTES) {
  console.error(`dashboard bundle over budget: ${total} > ${BUDGET_GZIP_BYTES} bytes gzipped`);
  process.exit(1);
}
