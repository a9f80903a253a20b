import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_DATA_DIR } from '../testing/mrz-dev';
import { analyzeDocumentSide } from './analyze-document-side';

/**
 * The floor on real captures: mrz-real-dev (../shared/data, 31 real photos and scans nobody here made; see its
 * SOURCE.md) read through the whole side analysis. The floors sit a little under what the pipeline reads today
 * (README, "MRZ on real captures"), so a change that loses real documents cannot land unnoticed; they are floors,
 * not targets. Under CI the data must be there: a missing set fails instead of skipping.
 */
const DATA_DIR = join(SHARED_DATA_DIR, 'mrz-real-dev');
const LABELS = join(DATA_DIR, 'labels.csv');
const available = existsSync(LABELS);

/** Of the 26 images with an MRZ: every line read exactly (23 today, one image of margin). */
const MIN_EXACT_READS = 22;
/** Of the 26: judged valid or invalid as the printed MRZ is (23 today). */
const MIN_VALIDITY_AGREEMENT = 22;

interface Label {
  file: string;
  lines: string[];
  printedValid: boolean;
}

function labels(): Label[] {
  const [header, ...rows] = readFileSync(LABELS, 'utf8').trim().split(/\r?\n/);
  const columns = header.split(',');
  return rows
    .map((row) => Object.fromEntries(row.split(',').map((value, k) => [columns[k], value])))
    .filter((row) => row.has_mrz === 'yes')
    .map((row) => ({
      file: row.file,
      lines: [row.line1, row.line2, row.line3].filter(Boolean),
      printedValid: row.check_digits === 'all_pass',
    }));
}

function sideOf(label: Label): 'main' | 'front' {
  return label.lines.length === 2 && label.lines[0].length === 44 ? 'main' : 'front';
}

describe('MRZ on real captures (mrz-real-dev)', () => {
  if (!available) {
    it(
      process.env.CI ? 'has its data set (CI must have ../shared/data/mrz-real-dev)' : 'is skipped: ../shared/data/mrz-real-dev is absent',
      () => {
        if (process.env.CI) throw new Error(`${LABELS} is missing`);
      },
    );
    return;
  }

  it(`reads at least ${MIN_EXACT_READS} of 26 exactly, judges at least ${MIN_VALIDITY_AGREEMENT} right, and returns no wrong name from a valid MRZ`, async () => {
    const now = new Date('2026-11-26T00:00:00Z');
    let exact = 0;
    let validityAgrees = 0;
    const wrongNames: string[] = [];
    for (const label of labels()) {
      const analysis = await analyzeDocumentSide(readFileSync(join(DATA_DIR, label.file)), { side: sideOf(label), now });
      const read = analysis.mrz?.lines ?? [];
      if (read.join('|') === label.lines.join('|')) exact += 1;
      if ((analysis.mrz?.valid === true) === label.printedValid) validityAgrees += 1;
      // A valid MRZ vouches for what it holds; a name no check digit covers must then be the printed one.
      const nameLine = label.lines.length === 3 ? 2 : 0;
      if (analysis.mrz?.valid && read[nameLine] !== label.lines[nameLine] && analysis.extractedData.lastName) {
        wrongNames.push(`${label.file}: ${read[nameLine]}`);
      }
    }
    expect(wrongNames).toEqual([]);
    expect(exact).toBeGreaterThanOrEqual(MIN_EXACT_READS);
    expect(validityAgrees).toBeGreaterThanOrEqual(MIN_VALIDITY_AGREEMENT);
  }, 300_000);
});
