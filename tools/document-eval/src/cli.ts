#!/usr/bin/env node
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DOCUMENT_LAYOUTS, isDocumentLayout, listPortraits } from '@kyc/document-generator';
import { loadAnalyzer } from './analyzer';
import { DatasetError, loadLabelledSet } from './datasets';
import { ocrModelLatencies, runGeneratedSet, runUnusableCaptures, summarizeGenerated } from './generated-eval';
import type { GeneratedReport } from './generated-eval';
import { barChartSvg, htmlPage, latencyDistributionSvg } from './html-report';
import { runLabelledSet, summarizeLabelled } from './labelled-eval';
import type { LabelledReport } from './labelled-eval';
import { SCORED_FIELDS } from './metrics';
import type { FieldAccuracy } from './metrics';
import { createProgress } from './progress';
import { loadPoaLibrary, POA_MAX_AGE_MONTHS, runPoaSet } from './poa-eval';
import { poaReport } from './poa-metrics';
import type { PoaFigures } from './poa-metrics';
import { formatMs, formatRate, table } from './print-table';
import type { LayoutFigures } from './layout-figures';

const USAGE = `usage: npm run eval:documents [-- --documents 300 --seed 2026 --out reports/eval-documents.json]
       npm run eval:documents -- --dataset <dir with labels.csv (file,mrz)> --out <file.json>
  --analyzer <module>   load analyzeDocumentSide from this module instead of @kyc/document-intelligence
  --shared-data <dir>   development data (default ../shared/data) for portraits and the mrz-dev sanity set
  --dump <file.jsonl>   also write every generated image's ground truth and full analysis, one JSON line per image
  --captures <n>        unusable uploads after the documents (too dark, too small, no document, blank page, no portrait;
                        default 20)
  --layouts <a,b>       draw only these generator layouts, in turn (default all: ${DOCUMENT_LAYOUTS.join(', ')}); the
                        others are held out, e.g. every layout but classic to measure looks the analysis was not built on
       npm run eval:documents -- --poa [--count 40 --seed 2026 --out reports/eval-documents-poa.json]
  --poa                 proof-of-address pages instead: generated, read (readProofOfAddress) and judged
                        (judgeProofOfAddress) against the holder's name and another person's`;

/**
 * No real proof-of-address set exists under ../shared/data (each set's SOURCE.md: faces, spoofs, MRZ pages):
 * every PoA figure comes from our own generator and says so.
 */
const POA_DATA_NOTE =
  'generated pages only: there is no real proof-of-address data set under ../shared/data, so these figures are not real-capture figures';

function poaRows(title: string, f: PoaFigures): [string, string][] {
  return [
    [title, `${f.documents} pages`],
    ['  holder name read', formatRate(f.nameReadRate)],
    ['  holder name match (true name accepted)', formatRate(f.nameMatchRate)],
    ['  false match (wrong name accepted)', `${formatRate(f.falseMatchRate)} of ${f.falseMatchPages} pages with a name read`],
    ['  issue date read exactly', formatRate(f.issueDateExactRate)],
    ['  kind accuracy', formatRate(f.kindAccuracy)],
    ['  address found / exact', `${formatRate(f.addressFoundRate)} / ${formatRate(f.addressExactRate)}`],
    ['  verified (fresh pages, true name)', `${formatRate(f.verifiedRateFresh)} of ${f.freshPages}`],
    ['  rejected as too old (stale pages)', `${formatRate(f.staleRejectedRate)} of ${f.stalePages}`],
    ['  rejected with a wrong name', formatRate(f.wrongNameRejectedRate)],
  ];
}

async function runPoa(count: number, seed: number, outFile: string): Promise<number> {
  const loaded = loadPoaLibrary();
  if (!loaded.ok) {
    console.error(`eval:documents --poa cannot run: ${loaded.reason}`);
    return 3;
  }
  console.log(`generating and reading ${count} proof-of-address pages (seed ${seed}, recency ${POA_MAX_AGE_MONTHS} months)`);
  console.log(POA_DATA_NOTE);
  const progress = createProgress('pages');
  const records = await runPoaSet(loaded.library, { count, seed, onProgress: (d, t) => progress.update(d, t) });
  progress.end();
  const report = poaReport(records);
  console.log(
    table([
      ...poaRows('all', report.overall),
      ...poaRows('clean', report.clean),
      ...poaRows('degraded', report.degraded),
      ...Object.entries(report.perLayout).flatMap(([layout, f]) => poaRows(`layout ${layout}`, f)),
      ['status with the true name', JSON.stringify(report.overall.statusTrueName)],
      ['reasons with the true name', JSON.stringify(report.overall.reasonsTrueName)],
      ['latency p50 / p95', `${formatMs(report.overall.latency.p50Ms)} / ${formatMs(report.overall.latency.p95Ms)}`],
      ['reader errors', String(report.overall.errors)],
    ]),
  );
  console.log(POA_DATA_NOTE);
  const bars = (pick: (f: PoaFigures) => number | null) =>
    Object.entries(report.perLayout).map(([layout, f]) => ({ label: layout, value: pick(f), note: `(${f.documents})` }));
  writeReport(
    outFile,
    {
      note: POA_DATA_NOTE,
      seed,
      count,
      maxAgeMonths: POA_MAX_AGE_MONTHS,
      ...report,
      pages: records.map(({ truthFile, ...r }) => ({ ...r, degradations: truthFile.degradations.map((d) => d.kind), truth: truthFile })),
    },
    [
      barChartSvg(
        'Proof of address: true name accepted, per layout',
        bars((f) => f.nameMatchRate),
      ),
      barChartSvg(
        'Proof of address: issue date read exactly, per layout',
        bars((f) => f.issueDateExactRate),
      ),
      barChartSvg(
        'Proof of address: kind, per layout',
        bars((f) => f.kindAccuracy),
      ),
      barChartSvg(
        'Proof of address: false match, per layout',
        bars((f) => f.falseMatchRate),
      ),
    ],
    'eval:documents --poa — generated proof-of-address pages',
  );
  return 0;
}

/** The issue's latency target: p95 per analysed side. */
const TARGET_P95_MS = 400;
/** Real images nobody here made, read after the generated set in every run (../shared/data; see each SOURCE.md). */
const REAL_SETS = ['mrz-real-dev', 'mrz-dev'];

function writeReport(outFile: string, report: unknown, charts: string[], title: string): void {
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
  const htmlFile = outFile.replace(/\.json$/, '') + '.html';
  writeFileSync(htmlFile, htmlPage(title, charts, report));
  console.log(`wrote ${outFile} and ${htmlFile}`);
}

function printLabelled(report: LabelledReport): void {
  console.log(
    table([
      ['images', String(report.documents)],
      ['MRZ exact-read rate', `${formatRate(report.mrz.exactReadRate)} of ${report.mrz.labelledWithMrz}`],
      ['MRZ validity agreement', `${formatRate(report.mrz.validityAgreement)} of ${report.mrz.validityKnown}`],
      ['invalid MRZ flagged (not corrected)', `${formatRate(report.mrz.invalidFlaggedRate)} of ${report.mrz.expectedInvalid}`],
      ['detected document types', JSON.stringify(report.documentTypes)],
      [
        'false retakes (retake asked on an MRZ image)',
        `${formatRate(report.retakes.falseRetakeRate)} (${report.retakes.falseRetakes} of ${report.retakes.readable}) ${JSON.stringify(report.retakes.falseByCode)}`,
      ],
      [
        'retakes on images without an MRZ',
        `${report.retakes.negatives.asked} of ${report.retakes.negatives.images} ${JSON.stringify(report.retakes.negatives.byCode)}`,
      ],
      ['latency p50 / p95', `${formatMs(report.latency.p50Ms)} / ${formatMs(report.latency.p95Ms)}`],
      ['analyzer errors', String(report.analyzerErrors)],
    ]),
  );
  for (const image of report.images) {
    console.log(
      `  ${image.file}: read ${image.readLines ? image.readLines.join('|') : '(no MRZ)'}; problems ${image.problems.join(' ') || 'none'}; judged ` +
        `${image.judgedValid === null ? 'n/a' : image.judgedValid ? 'valid' : 'invalid'}; expected ` +
        `${image.expectedValid === null ? 'n/a' : image.expectedValid ? 'valid' : 'invalid'}` +
        `${image.error ? `; error: ${image.error}` : ''}`,
    );
  }
}

/** The overall rate under `title`, then each field's rate with its missing and wrong counts. */
function fieldRows(title: string, fields: FieldAccuracy): [string, string][] {
  return [
    [title, formatRate(fields.accuracy)],
    ...SCORED_FIELDS.map((k): [string, string] => [
      `  ${k}`,
      `${formatRate(fields.perField[k])} of ${fields.perFieldImages[k]}` +
        `  (missing ${fields.errors[k].missing}, wrong ${fields.errors[k].wrong})`,
    ]),
  ];
}

function printGenerated(report: GeneratedReport): void {
  const rows: [string, string][] = [
    ['documents / images', `${report.documents} / ${report.images}`],
    ['MRZ valid rate clean / degraded', `${formatRate(report.mrz.cleanValidRate)} / ${formatRate(report.mrz.degradedValidRate)}`],
    [
      'MRZ exact-line rate all / clean / degraded',
      `${formatRate(report.mrz.exactLineRate)} / ${formatRate(report.mrz.exactLineRateClean)} / ${formatRate(report.mrz.exactLineRateDegraded)}`,
    ],
    ['MRZ per-line rate', formatRate(report.mrz.perLineRate)],
    ['wrong check digit judged invalid', formatRate(report.mrz.invalidDetectedRate)],
    ...Object.entries(report.mrz.exactLineRateByDegradation).map(([k, v]): [string, string] => [
      `  exact-line with ${k}`,
      `${formatRate(v.rate)} of ${v.images}`,
    ]),
    ...fieldRows(`field accuracy (spec §2.9 extractedData, ${report.fields.images} images)`, report.fields),
    ['  name matches only without diacritics', String(report.fields.nameMatchesWithoutDiacritics)],
    ...fieldRows(
      `field accuracy on uploads accepted as they are (no problem raised: ${report.acceptedFields.images} images, ` +
        `${formatRate(report.acceptedFields.share)})`,
      report.acceptedFields,
    ),
    ...(report.documentFields
      ? fieldRows(`field accuracy per document (sides merged, ${report.documentFields.documents} documents)`, report.documentFields)
      : [['field accuracy per document', 'not scored: the analyzer module does not merge sides'] as [string, string]]),
    ['ground-truth fields outside the spec', ''],
    ...Object.entries(report.groundTruthOnly).map(([k, v]): [string, string] => [
      `  ${k}`,
      `${formatRate(v.accuracy)} of ${v.images}  vs ${v.comparedWith}`,
    ]),
    ['document-type accuracy', formatRate(report.documentType.accuracy)],
    ['requiresBackSide accuracy', formatRate(report.requiresBackSide.accuracy)],
    ...Object.entries({ ...report.problems, ...report.signals }).map(([code, s]): [string, string] => [
      `  ${code}`,
      `P ${formatRate(s.precision)}  R ${formatRate(s.recall)}  (tp ${s.truePositives} fp ${s.falsePositives} fn ${s.falseNegatives})`,
    ]),
    [
      `unusable captures (${report.unusableCaptures.images}; codes scored above)`,
      report.unusableCaptures.portraitsChecked ? 'portraits checked' : 'no portrait detector: PORTRAIT_NOT_DETECTED not scored',
    ],
    ...Object.entries(report.unusableCaptures.kinds).map(([kind, k]): [string, string] => [
      `  ${kind}`,
      `${formatRate(k.allExpectedRaised)} of ${k.images} raised ${k.expected.join(' + ')}`,
    ]),
    ['latency p50 / p95 (documents)', `${formatMs(report.latency.p50Ms)} / ${formatMs(report.latency.p95Ms)}`],
    [
      '  of which in the OCR models p50 / p95',
      report.latency.inOcrModels
        ? `${formatMs(report.latency.inOcrModels.p50Ms)} / ${formatMs(report.latency.inOcrModels.p95Ms)}`
        : 'not measured: the analyzer module exports no ocrModelTime',
    ],
    [
      'retakes asked / false (on images whose truth expects none)',
      `${formatRate(report.retakes.askedRate)} / ${formatRate(report.retakes.falseRetakeRate)} (${report.retakes.falseRetakes} of ${report.retakes.readable}; ` +
        `clean ${report.retakes.clean.falseRetakes} of ${report.retakes.clean.readable}) ${JSON.stringify(report.retakes.falseByCode)}`,
    ],
    ['analyzer errors', String(report.analyzerErrors)],
  ];
  console.log(table(rows));
  console.log(`per layout (${report.layouts.join(', ')}):`);
  console.log(table(Object.entries(report.perLayout).flatMap(([layout, f]) => layoutRows(layout, f))));
}

function layoutRows(layout: string, f: LayoutFigures): [string, string][] {
  return [
    [`${layout}`, `${f.documents} documents / ${f.images} images`],
    ['  MRZ valid clean / degraded', `${formatRate(f.mrz.cleanValidRate)} / ${formatRate(f.mrz.degradedValidRate)}`],
    ['  MRZ exact lines', `${formatRate(f.mrz.exactLineRate)} of ${f.mrz.images}`],
    ['  fields per image / per document', `${formatRate(f.fieldsPerImage)} / ${formatRate(f.fieldsPerDocument)}`],
    [
      '  retakes asked / false (clean false)',
      `${formatRate(f.retakes.askedRate)} / ${formatRate(f.retakes.falseRetakeRate)} (${f.retakes.falseRetakes} of ${f.retakes.readable}; ` +
        `clean ${f.retakes.clean.falseRetakes} of ${f.retakes.clean.readable}) ${JSON.stringify(f.retakes.falseByCode)}`,
    ],
    ['  latency p50 / p95', `${formatMs(f.latency.p50Ms)} / ${formatMs(f.latency.p95Ms)}`],
  ];
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      dataset: { type: 'string' },
      out: { type: 'string' },
      documents: { type: 'string', default: '300' },
      seed: { type: 'string', default: '2026' },
      'shared-data': { type: 'string' },
      'fault-rate': { type: 'string', default: '0.25' },
      analyzer: { type: 'string' },
      dump: { type: 'string' },
      captures: { type: 'string', default: '20' },
      layouts: { type: 'string' },
      poa: { type: 'boolean' },
      count: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const documents = Number(values.documents);
  const captureCount = Number(values.captures);
  const seed = Number(values.seed);
  const faultRate = Number(values['fault-rate']);
  const layouts = values.layouts ? values.layouts.split(',').map((l) => l.trim()) : [...DOCUMENT_LAYOUTS];
  if (!layouts.every(isDocumentLayout)) {
    console.error(`unknown layout in --layouts ${values.layouts} (layouts: ${DOCUMENT_LAYOUTS.join(', ')})`);
    return 2;
  }
  if (
    values.help ||
    !Number.isInteger(documents) ||
    documents < 1 ||
    !Number.isInteger(seed) ||
    !(faultRate >= 0 && faultRate <= 1) ||
    !Number.isInteger(captureCount) ||
    captureCount < 0
  ) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  if (values.poa) {
    const count = Number(values.count ?? 40);
    if (!Number.isInteger(count) || count < 1) {
      console.error(USAGE);
      return 2;
    }
    return runPoa(count, seed, resolve(values.out ?? 'reports/eval-documents-poa.json'));
  }
  const loaded = loadAnalyzer(values.analyzer ? resolve(values.analyzer) : undefined);
  if (!loaded.ok) {
    console.error(`eval:documents cannot run: ${loaded.reason}`);
    return 3;
  }
  const analyzer = loaded.analyzer;

  if (values.dataset) {
    const images = loadLabelledSet(resolve(values.dataset));
    const progress = createProgress('images');
    const records = await runLabelledSet(analyzer, images, (d, t) => progress.update(d, t));
    progress.end();
    const report = summarizeLabelled(resolve(values.dataset), records);
    printLabelled(report);
    const out = resolve(values.out ?? 'reports/eval-documents-dataset.json');
    writeReport(
      out,
      report,
      [
        barChartSvg('MRZ on the labelled set', [
          { label: 'exact-read rate', value: report.mrz.exactReadRate },
          { label: 'validity agreement', value: report.mrz.validityAgreement },
        ]),
      ],
      `eval:documents — ${values.dataset}`,
    );
    return 0;
  }

  const shared = resolve(values['shared-data'] ?? '../shared/data');
  const portraits = listPortraits(resolve(shared, 'faces-dev'));
  console.log(
    `generating and analyzing ${documents} documents (seed ${seed}, layouts ${layouts.join(', ')}, ${portraits.length} portraits from ${shared})`,
  );
  let imagesDone = 0;
  const dumpFile = values.dump ? resolve(values.dump) : null;
  if (dumpFile) {
    mkdirSync(dirname(dumpFile), { recursive: true });
    writeFileSync(dumpFile, '');
  }
  const documentProgress = createProgress('documents');
  const records = await runGeneratedSet(analyzer, {
    documents,
    seed,
    portraits,
    faultRate,
    compareSides: loaded.compareSides,
    mergeSides: loaded.mergeSides,
    ocrModelTime: loaded.ocrModelTime,
    layouts,
    onProgress: (d, t, record) => {
      documentProgress.update(d, t, `, images ${++imagesDone}`);
      // Written as each image is done, so a long run can be inspected before it ends.
      if (dumpFile) appendFileSync(dumpFile, `${JSON.stringify(record)}\n`);
    },
  });
  documentProgress.end();
  const captureProgress = createProgress('unusable captures');
  const captures = await runUnusableCaptures(analyzer, {
    count: captureCount,
    seed,
    portraits,
    layouts,
    onProgress: (d, t, record) => {
      captureProgress.update(d, t);
      if (dumpFile) appendFileSync(dumpFile, `${JSON.stringify(record)}\n`);
    },
  });
  captureProgress.end();
  const generated = summarizeGenerated(records, captures, layouts);
  printGenerated(generated);

  // The real sets beside the generated one: a figure from our own generator alone is not a result.
  const realSets: Record<string, LabelledReport | null> = {};
  for (const name of REAL_SETS) {
    const dir = resolve(shared, name);
    if (!existsSync(resolve(dir, 'labels.csv'))) {
      console.log(`no ${dir}/labels.csv: ${name} skipped`);
      realSets[name] = null;
      continue;
    }
    console.log(`real images in ${name}:`);
    const progress = createProgress(name);
    realSets[name] = summarizeLabelled(dir, await runLabelledSet(analyzer, loadLabelledSet(dir), (d, t) => progress.update(d, t)));
    progress.end();
    printLabelled(realSets[name] as LabelledReport);
  }

  const report = { ...generated, realSanity: realSets['mrz-dev'] ?? null, realSets };
  const out = resolve(values.out ?? 'reports/eval-documents.json');
  const degradationBars = Object.entries(generated.mrz.exactLineRateByDegradation).map(([kind, v]) => ({
    label: kind,
    value: v.rate,
    note: `(${v.images})`,
  }));
  const fieldBars = Object.entries(generated.fields.perField).map(([field, value]) => ({ label: field, value }));
  const documentFieldBars = Object.entries(generated.documentFields?.perField ?? {}).map(([field, value]) => ({ label: field, value }));
  const layoutBars = (pick: (f: LayoutFigures) => number | null) =>
    Object.entries(generated.perLayout).map(([layout, f]) => ({ label: layout, value: pick(f), note: `(${f.documents})` }));
  const codeBars = Object.entries({ ...generated.problems, ...generated.signals }).flatMap(([code, s]) => [
    { label: `${code} P`, value: s.precision },
    { label: `${code} R`, value: s.recall },
  ]);
  writeReport(
    out,
    report,
    [
      barChartSvg('MRZ exact-line rate by degradation', degradationBars),
      barChartSvg('Field accuracy per image', fieldBars),
      ...(documentFieldBars.length > 0 ? [barChartSvg('Field accuracy per document (sides merged)', documentFieldBars)] : []),
      barChartSvg('Issue codes: precision / recall', codeBars),
      barChartSvg(
        'MRZ valid (degraded) per layout',
        layoutBars((f) => f.mrz.degradedValidRate),
      ),
      barChartSvg(
        'Fields per document per layout',
        layoutBars((f) => f.fieldsPerDocument),
      ),
      barChartSvg('False retakes: per layout beside the real sets', [
        ...layoutBars((f) => f.retakes.falseRetakeRate),
        ...Object.entries(realSets).flatMap(([name, r]) =>
          r ? [{ label: name, value: r.retakes.falseRetakeRate, note: `(${r.retakes.readable})` }] : [],
        ),
      ]),
      barChartSvg('MRZ read exactly: generated beside real sets', [
        { label: 'generated, clean', value: generated.mrz.exactLineRateClean, note: '' },
        { label: 'generated, degraded', value: generated.mrz.exactLineRateDegraded, note: '' },
        ...Object.entries(realSets).flatMap(([name, r]) =>
          r ? [{ label: name, value: r.mrz.exactReadRate, note: `(${r.mrz.labelledWithMrz})` }] : [],
        ),
      ]),
      latencyDistributionSvg(
        'Latency per image (cumulative)',
        [
          { label: 'whole analysis', valuesMs: records.map((r) => r.latencyMs), colour: '#3b6ea8' },
          { label: 'in the OCR models alone', valuesMs: ocrModelLatencies(records), colour: '#e08e2b' },
        ],
        TARGET_P95_MS,
      ),
    ],
    'eval:documents — generated documents',
  );
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof DatasetError ? `eval:documents: ${error.message}` : error);
    process.exitCode = error instanceof DatasetError ? 2 : 1;
  },
);
