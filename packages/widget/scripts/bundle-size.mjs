// Prints the hosted page's bundle sizes (raw and gzipped) and fails the build past the budget (issue 25: ≤ 60 kB gzipped).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_GZIP_BYTES = 60 * 1024;
const dir = new URL('../dist/web/', import.meta.url).pathname;
let total = 0;
for (const name of readdirSync(dir).sort()) {
  const bytes = readFileSync(join(dir, name));
  const gzipped = gzipSync(bytes, { level: 9 }).length;
  total += gzipped;
  console.log(`widget bundle: ${name} ${(bytes.length / 1024).toFixed(1)} kB, ${(gzipped / 1024).toFixed(1)} kB gzipped`);
}
console.log(`widget bundle: total ${(total / 1024).toFixed(1)} kB gzipped (budget ${BUDGET_GZIP_BYTES / 1024} kB)`);
if (total > BUDGET_GZIP_BYTES) {
  console.error(`widget bundle over budget: ${total} > ${BUDGET_GZIP_BYTES} bytes gzipped`);
  process.exit(1);
}
