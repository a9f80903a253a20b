import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Degradation } from './degrade/degradations';
import { ALL_FAULTS, type DocumentFault, ID_CARD_ONLY_FAULTS } from './faults';
import { type DegradeMode, generateDocument, type GeneratedDocument } from './generate';
import { type ImageGroundTruth } from './ground-truth';
import { Prng } from './prng';

export interface BatchOptions {
  count: number;
  seed: number;
  degrade: DegradeMode;
  /** Share of documents that get one deliberate fault. */
  faultRate?: number;
  /** Folder searched (one level of sub-folders) for portrait .png/.jpg files. */
  portraitDir?: string;
  referenceDate?: string;
  /** Layouts to draw, in turn (document i in layouts[i % n]); unset: each document's seeded default choice. */
  layouts?: readonly string[];
}

/** Portrait files under dir/<person>/*.png, sorted so the pick is stable across machines. */
export function listPortraits(dir: string | undefined): string[] {
  if (!dir || !existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    for (const file of readdirSync(join(dir, entry.name))) {
      if (/\.(png|jpe?g)$/i.test(file)) files.push(join(dir, entry.name, file));
    }
  }
  return files.sort();
}

/** Generates `count` documents; `onDocument` sees each as it is done (for progress and for writing). */
export async function generateBatch(
  options: BatchOptions,
  onDocument: (doc: GeneratedDocument, index: number) => Promise<void> | void,
): Promise<void> {
  const plan = new Prng(options.seed ^ 0x5bd1e995);
  const portraits = listPortraits(options.portraitDir);
  for (let index = 0; index < options.count; index++) {
    const documentType = plan.chance(0.5) ? 'passport' : 'id_card';
    const faults: DocumentFault[] = [];
    if (plan.chance(options.faultRate ?? 0.3)) {
      const possible = ALL_FAULTS.filter((f) => documentType === 'id_card' || !ID_CARD_ONLY_FAULTS.includes(f));
      faults.push(plan.pick(possible));
    }
    const portraitFile = portraits.length > 0 && plan.chance(0.8) ? plan.pick(portraits) : undefined;
    const doc = await generateDocument({
      seed: options.seed,
      index,
      documentType,
      faults,
      degrade: options.degrade,
      portrait: portraitFile ? readFileSync(portraitFile) : undefined,
      referenceDate: options.referenceDate,
      layout: options.layouts && options.layouts.length > 0 ? options.layouts[index % options.layouts.length] : undefined,
    });
    await onDocument(doc, index);
  }
}

function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * labels.csv in the outside-set format (file,mrz with lines joined by '|', empty without an MRZ), plus
 * columns the outside format does not require but a reader may use.
 */
export function labelsCsv(truths: ImageGroundTruth[]): string {
  const header = 'file,mrz,document_type,side,uploaded_as,mrz_valid,degradations,layout';
  const rows = truths.map((t) =>
    [
      t.file,
      t.mrz ? t.mrz.lines.join('|') : '',
      t.documentType,
      t.side,
      t.uploadedAs,
      t.mrz ? String(t.mrz.valid) : '',
      t.degradations.map((d) => d.kind).join(' '),
      t.layout,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header, ...rows].join('\n')}\n`;
}

export function parseDegradeMode(value: string, known: readonly Degradation[]): DegradeMode | null {
  if (value === 'clean' || value === 'mixed') return value;
  const kinds = value.split(',');
  return kinds.every((k) => (known as readonly string[]).includes(k)) ? (kinds as Degradation[]) : null;
}
