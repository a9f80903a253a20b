// Prints the widget's bundle sizes (raw and gzipped): the pages' assets (dist/web) and the embed
// scripts (dist/public); fails the build past the budget (issue 25: ≤ 60 kB gzipped), counted over
// everything together, so each page (which loads a part of it) is within it too.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_GZIP_BYTES = 60 * 1024;
let total = 0;
for (const folder of ['web', 'public']) {
  const dir = new URL(`../dist/${folder}/`, import.meta.url).pathname;
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).sort()) {
    const bytes = readFileSync(join(dir, name));
    const gzipped = gzipSync(bytes, { level: 9 }).length;
    total += gzipped;
    console.log(`widget bundle: ${folder}/${name} ${(bytes.length / 1024).toFixed(1)} kB, ${(gzipped / 1024).toFixed(1)} kB gzipped`);
  }
}
console.log(`widget bundle: total ${(total / 1024).toFixed(1)} kB gzipped (budget ${BUDGET_GZIP_BYTES / 1024} kB)`);
if (total > BUDGET_GZIP_BYTES) {
  console.error(`widget bundle over budget: ${total} > ${BUDGET_GZIP_BYTES} bytes gzipped`);
  process.exit(1);
}
