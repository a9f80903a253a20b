#!/usr/bin/env node
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateBatch, labelsCsv, parseDegradeMode } from './batch';
import { ALL_DEGRADATIONS, type Degradation } from './degrade/degradations';
import { DOCUMENT_LAYOUTS, isDocumentLayout } from './document-layouts';
import { type ImageGroundTruth } from './ground-truth';
import { generateProofOfAddress, type PoaGroundTruth, POA_DEGRADATIONS } from './proof-of-address';

const USAGE = `usage: npm run docgen -- --count 20 --seed 7 --out <dir> [--degrade clean|mixed|<kind,kind>]
  [--faults 0.3] [--portraits <dir with <person>/*.png>] [--reference-date YYYY-MM-DD] [--layout <id>[,<id>…]]
       npm run docgen -- --poa --count 20 --seed 7 --out <dir> [--degrade clean|mixed|<kind,kind>] [--reference-date YYYY-MM-DD]
degradation kinds: ${ALL_DEGRADATIONS.join(', ')} (proof of address: ${POA_DEGRADATIONS.join(', ')})
layouts: ${DOCUMENT_LAYOUTS.join(', ')} (one for all documents, or several drawn in turn; default: a seeded choice per document)`;

function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Proof-of-address pages (--poa): image and <id>.json per page, and poa-labels.csv over them. */
async function writeProofsOfAddress(
  out: string,
  count: number,
  seed: number,
  degrade: 'clean' | 'mixed' | Degradation[],
  referenceDate?: string,
): Promise<void> {
  const truths: PoaGroundTruth[] = [];
  const started = Date.now();
  for (let index = 0; index < count; index++) {
    const { image, truth } = await generateProofOfAddress({ seed, index, degrade, referenceDate });
    writeFileSync(join(out, truth.file), image);
    writeFileSync(join(out, `${truth.id}.json`), `${JSON.stringify(truth, null, 2)}\n`);
    truths.push(truth);
    process.stdout.write(`\r${index + 1}/${count} proof-of-address pages`);
  }
  const header = 'file,layout,kind,holder_name,address,issue_date,fresh,capture,degradations';
  const rows = truths.map((t) =>
    [
      t.file,
      t.layout,
      t.kind,
      t.holderName,
      t.addressLines.join(' | '),
      t.issueDate,
      String(t.fresh),
      t.capture,
      t.degradations.map((d) => d.kind).join(' '),
    ]
      .map(csvCell)
      .join(','),
  );
  writeFileSync(join(out, 'poa-labels.csv'), `${[header, ...rows].join('\n')}\n`);
  console.log(`\nwrote ${count} proof-of-address pages to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '20' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
      degrade: { type: 'string', default: 'clean' },
      faults: { type: 'string', default: '0.3' },
      portraits: { type: 'string' },
      'reference-date': { type: 'string' },
      poa: { type: 'boolean' },
      layout: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const count = Number(values.count);
  const seed = Number(values.seed);
  const faultRate = Number(values.faults);
  const layouts = values.layout ? values.layout.split(',').map((l) => l.trim()) : undefined;
  const degrade = parseDegradeMode(values.degrade ?? 'clean', values.poa ? POA_DEGRADATIONS : ALL_DEGRADATIONS);
  if (
    values.help ||
    !values.out ||
    !Number.isInteger(count) ||
    count < 1 ||
    !Number.isInteger(seed) ||
    !degrade ||
    (layouts && !layouts.every(isDocumentLayout)) ||
    !(faultRate >= 0 && faultRate <= 1)
  ) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const out = resolve(values.out);
  mkdirSync(out, { recursive: true });
  if (values.poa) {
    await writeProofsOfAddress(out, count, seed, degrade, values['reference-date']);
    return 0;
  }
  const truths: ImageGroundTruth[] = [];
  const started = Date.now();
  await generateBatch(
    { count, seed, degrade, faultRate, portraitDir: values.portraits, referenceDate: values['reference-date'], layouts },
    (doc, index) => {
      for (const image of doc.images) {
        writeFileSync(join(out, image.truth.file), image.jpeg);
        writeFileSync(join(out, `${image.truth.id}.json`), `${JSON.stringify(image.truth, null, 2)}\n`);
        truths.push(image.truth);
      }
      process.stdout.write(`\r${index + 1}/${count} documents`);
    },
  );
  writeFileSync(join(out, 'labels.csv'), labelsCsv(truths));
  console.log(`\nwrote ${truths.length} images from ${count} documents to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
