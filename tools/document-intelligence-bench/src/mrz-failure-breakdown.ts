/**
 * Dev tool, not part of the analysis: where MRZ reads fail on a docgen set. For every image with a printed MRZ it
 * runs the full analysis, then the stages apart at rotation 0, and says per truth line whether the detector
 * found it as one long line, what the OCR-B template reader made of it (no layout, wrong length, misread
 * characters, a character under the score gate) and what the recogniser read (which characters it confused).
 *
 *   npm run docgen -- --count 12 --seed 2026 --degrade noise --faults 0 --out /tmp/mrz/noise
 *   npx turbo run build --filter=@kyc/document-intelligence-bench && node tools/document-intelligence-bench/dist/mrz-failure-breakdown.js /tmp/mrz/noise [more dirs]
 *
 * MRZ_BREAKDOWN_VERBOSE=1 prints every image's lines as well.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeDocumentSide } from '@kyc/document-intelligence';
import {
  decodeImage,
  detectTextBoxes,
  getOcrSessions,
  greyStrip,
  isLongLine,
  lengthen,
  mergeLineFragments,
  MIN_CHARACTER_SCORE,
  MRZ_LINE_LENGTHS,
  normaliseMrzLine,
  type OrientedBox,
  readLineByTemplate,
  readMrzRegionsByTemplate,
  recogniseTexts,
  type TemplateLineReading,
} from '@kyc/document-intelligence/stages';
import { characterErrorRate } from '@kyc/document-intelligence/testing';

interface Truth {
  file: string;
  referenceDate: string;
  uploadedAs: 'front' | 'back' | 'main';
  mrz: { lines: string[]; valid: boolean } | null;
  degradations: { kind: string; params: Record<string, unknown> }[];
}

/** A truth line counts as found when some long region's reading is at most this far from it (CER). */
const FOUND_CER = 0.35;

type TemplateVerdict = 'exact' | 'exact-but-weak' | 'no-layout' | 'wrong-length' | 'misread';

const tally = new Map<string, number>();
const count = (key: string, by = 1) => tally.set(key, (tally.get(key) ?? 0) + by);
const verbose = process.env.MRZ_BREAKDOWN_VERBOSE === '1';

async function diagnose(dir: string, truth: Truth): Promise<void> {
  const bytes = readFileSync(join(dir, truth.file));
  const expected = truth.mrz!.lines;
  const now = new Date(`${truth.referenceDate}T12:00:00Z`);
  const kinds = truth.degradations.map((d) => d.kind).join('+') || 'none';

  const started = performance.now();
  const analysis = await analyzeDocumentSide(bytes, { side: truth.uploadedAs, now });
  const ms = performance.now() - started;
  const read = analysis.mrz;
  const exact = read?.lines.length === expected.length && read.lines.every((l, i) => l === expected[i]);
  const outcome = !read ? 'none' : read.valid ? (exact ? 'valid-exact' : 'VALID-BUT-WRONG') : 'invalid';
  count(`final ${outcome}`);
  count('latency ms', ms);

  const decoded = await decodeImage(bytes);
  if (!decoded.ok) return;
  const image = decoded.image;
  const sessions = await getOcrSessions();
  const detected = await detectTextBoxes(sessions.detection, image);
  const regions: OrientedBox[] = mergeLineFragments(detected.map((d) => d.region))
    .regions.map((r) => lengthen(r, Math.round(r.thickness * 0.25)))
    .filter(isLongLine);
  const templates: (TemplateLineReading | null)[] = [];
  for (const region of regions) templates.push(readLineByTemplate(await greyStrip(image, region), MRZ_LINE_LENGTHS));
  const recognised = await recogniseTexts(sessions.recognition, sessions.characters, image, regions, 1.5);
  const templateAccepted = (await readMrzRegionsByTemplate(image, regions, now)).size > 0;
  count(`template accepted (rotation 0): ${templateAccepted}`);

  const notes: string[] = [];
  expected.forEach((line, li) => {
    const distance = (k: number) =>
      Math.min(characterErrorRate(normaliseMrzLine(recognised[k].text), line), characterErrorRate(templates[k]?.text ?? '', line));
    const nearest = regions.map((_, k) => k).sort((a, b) => distance(a) - distance(b))[0];
    if (nearest === undefined || distance(nearest) > FOUND_CER) {
      count('line not found as a long line');
      notes.push(`  line ${li + 1}: NOT FOUND among ${regions.length} long regions`);
      return;
    }
    count('line found');
    const t = templates[nearest];
    const verdict = templateVerdict(t, line);
    count(`template ${verdict}`);
    const recText = normaliseMrzLine(recognised[nearest].text);
    const recOk = recText === line;
    count(`recogniser ${recOk ? 'exact' : 'wrong'}`);
    const recEdits = recOk ? [] : edits(recText, line);
    for (const e of recEdits) count(`  rec ${e}`);
    const tEdits =
      t && t.text.length === line.length
        ? [...line].flatMap((c, i) => (t.text[i] !== c ? [`${c}→${t.text[i]}@${t.scores[i].toFixed(2)}`] : []))
        : [];
    for (const e of tEdits) count(`  tpl ${e.replace(/@.*/, '')}`);
    const weak = t ? t.scores.filter((s) => s < MIN_CHARACTER_SCORE).length : 0;
    notes.push(
      `  line ${li + 1}: template ${verdict}${t ? ` (min ${Math.min(...t.scores).toFixed(2)}, ${weak} weak${tEdits.length ? `; ${tEdits.join(' ')}` : ''})` : ''}; ` +
        `recogniser ${recOk ? 'exact' : `${recEdits.join(' ')}`}`,
    );
    if (verbose) notes.push(`    truth ${line}\n    tpl   ${t?.text ?? '-'}\n    rec   ${recText}`);
  });
  console.log(`${truth.file} [${kinds}] ${outcome} rot ${analysis.rotation} ${Math.round(ms)} ms`);
  if (outcome !== 'valid-exact' || verbose) for (const n of notes) console.log(n);
}

function templateVerdict(t: TemplateLineReading | null, line: string): TemplateVerdict {
  if (!t) return 'no-layout';
  if (t.text.length !== line.length) return 'wrong-length';
  // O and 0 are settled by the field types in readMrz; they are not a template error.
  if (t.text.replace(/O/g, '0') !== line.replace(/O/g, '0')) return 'misread';
  return Math.min(...t.scores) < MIN_CHARACTER_SCORE ? 'exact-but-weak' : 'exact';
}

/** The edits turning `read` into `truth`: substitutions 'truth→read', drops '-x', insertions '+x'. */
function edits(read: string, truth: string): string[] {
  const d: number[][] = Array.from({ length: read.length + 1 }, (_, i) => [i, ...new Array<number>(truth.length).fill(0)]);
  for (let j = 1; j <= truth.length; j += 1) d[0][j] = j;
  for (let i = 1; i <= read.length; i += 1) {
    for (let j = 1; j <= truth.length; j += 1)
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (read[i - 1] === truth[j - 1] ? 0 : 1));
  }
  const out: string[] = [];
  let i = read.length;
  let j = truth.length;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i][j] === d[i - 1][j - 1] + (read[i - 1] === truth[j - 1] ? 0 : 1)) {
      if (read[i - 1] !== truth[j - 1]) out.push(`${truth[j - 1]}→${read[i - 1]}`);
      i -= 1;
      j -= 1;
    } else if (j > 0 && d[i][j] === d[i][j - 1] + 1) {
      out.push(`-${truth[j - 1]}`);
      j -= 1;
    } else {
      out.push(`+${read[i - 1]}`);
      i -= 1;
    }
  }
  return out.reverse();
}

async function main(): Promise<void> {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: mrz-failure-breakdown <docgen dir> [more dirs]');
    process.exitCode = 2;
    return;
  }
  for (const dir of dirs) {
    const truths = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Truth)
      .filter((t) => t.mrz);
    for (const truth of truths) await diagnose(dir, truth);
  }
  console.log('\nsummary');
  const images = [...tally.entries()].filter(([k]) => k.startsWith('final')).reduce((s, [, v]) => s + v, 0);
  for (const [key, value] of [...tally.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${key}: ${key === 'latency ms' ? `${Math.round(value / Math.max(1, images))} mean` : value}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
