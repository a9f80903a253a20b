import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { analyzeFace, euclideanDistance, MATCH_CALIBRATION } from '@kyc/face';
import { type EvalDocumentType, type Identity, type PlannedCase } from './case-plan';
import { bandFigures, type Bands, type PairDistances, thresholdAtFar, thresholdAtFarOnEach } from './band-figures';
import { DATA_DIR, loadPairs } from './dev-data';
import { captureOf, passportPhoto, renderDocument } from './documents';

/**
 * `npm run eval:pipeline -- --portraits`: the printed portrait against selfies. Every photo of
 * faces-real-dev is printed as the portrait of a generated document (passport and ID card front in
 * turn, layouts in turn), captured mildly, read as the document service reads it, and the portrait
 * it crops (the crop biometrics matches a selfie against) is embedded. Each printed portrait is
 * compared with every other photo of faces-real-dev: another photo of the same person is a
 * genuine pair, any photo of someone else an impostor pair (the printed photo itself is left out).
 * Beside them the selfie pairs of faces-real-dev and faces-dev, so that the bands are judged (and,
 * if need be, set) on all three sets together.
 */

type AnalyzeWithPortrait = (
  image: Buffer,
  options: { side: 'main' | 'front' | 'back' },
) => Promise<{ portrait: Buffer | null; analysis: { problems: string[] } }>;

const ANALYZER = join(__dirname, '..', '..', '..', '..', 'apps', 'document', 'dist', 'application', 'analyze-as-service.js');

export interface PrintedPortrait {
  identity: string;
  photo: string;
  documentType: EvalDocumentType;
  layout: string | null;
  /** Why there is no descriptor: no portrait found on the page, or the crop gave no face. */
  missing: 'portrait_not_found' | 'no_face_in_crop' | null;
  /** How analyzeFace found the face in the crop: 'detector', 'padded' or 'whole_image'. */
  detection: string | null;
  embedding: Float32Array | null;
}

export interface PortraitModeOptions {
  seed: number;
  referenceDate: string;
  layouts: Record<EvalDocumentType, (string | null)[]>;
  /** Print each photo on a passport and on an ID card (else one document type per photo, in turn). */
  bothTypes: boolean;
  progress: (line: string) => void;
}

async function embeddingOf(bytes: Buffer): Promise<Float32Array | null> {
  return (await faceOf(bytes)).embedding;
}

/** The descriptor and how the face was found (detector, padded retry, or the whole image taken as the face). */
async function faceOf(bytes: Buffer): Promise<{ embedding: Float32Array | null; detection: string | null }> {
  const analysis = await analyzeFace(bytes);
  return analysis.kind === 'face' || analysis.kind === 'low_quality'
    ? { embedding: analysis.face.embedding, detection: analysis.detection }
    : { embedding: null, detection: null };
}

export async function printPortraits(identities: Identity[], options: PortraitModeOptions): Promise<PrintedPortrait[]> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an app's build, loaded by path as eval:documents does
  const { analyzeSideWithPortrait } = require(ANALYZER) as { analyzeSideWithPortrait: AnalyzeWithPortrait };
  const photos = identities.flatMap((identity) => identity.photos.map((photo) => ({ identity: identity.name, photo })));
  const turn: Record<EvalDocumentType, number> = { passport: 0, id_card: 0 };
  const printed: PrintedPortrait[] = [];
  let index = 0;
  for (const [k, { identity, photo }] of photos.entries()) {
    const types: EvalDocumentType[] = options.bothTypes ? ['passport', 'id_card'] : [k % 2 === 0 ? 'passport' : 'id_card'];
    const portrait = await passportPhoto(photo);
    for (const documentType of types) {
      const layouts = options.layouts[documentType];
      const layout = layouts[turn[documentType]++ % layouts.length];
      const plan: PlannedCase = {
        id: `portrait-${index}`,
        kind: 'genuine',
        documentType,
        layout,
        holder: identity,
        portrait: photo,
        selfie: { kind: 'photo', file: photo, identity },
        selfieRetake: null,
        documentSeed: options.seed,
        documentIndex: 10_000 + index,
        captureSeed: options.seed * 7919 + index,
      };
      index++;
      const { clean } = await renderDocument(plan, portrait, options.referenceDate);
      const side = documentType === 'passport' ? 'main' : 'front';
      const page = clean[side];
      if (!page) throw new Error(`no ${side} rendered`);
      const shot = await captureOf(plan, side, 0, page);
      const { portrait: crop } = await analyzeSideWithPortrait(shot.jpeg, { side });
      const { embedding, detection } = crop ? await faceOf(crop) : { embedding: null, detection: null };
      printed.push({
        identity,
        photo,
        documentType,
        layout,
        missing: crop ? (embedding ? null : 'no_face_in_crop') : 'portrait_not_found',
        detection,
        embedding,
      });
      options.progress(
        `[portraits] ${printed.length} printed (${identity}, ${documentType}/${layout ?? 'default'}): ${crop ? (embedding ? `embedded (${detection})` : 'no face in the crop') : 'portrait not found'}`,
      );
    }
  }
  return printed;
}

/** Printed portrait × every other faces-real-dev photo: genuine (same identity) and impostor distances, +∞ without a descriptor. */
export async function printedPairs(
  printed: PrintedPortrait[],
  identities: Identity[],
): Promise<PairDistances & { byLayout: Record<string, PairDistances>; byDetection: Record<string, PairDistances> }> {
  const selfies = new Map<string, Float32Array | null>();
  for (const identity of identities) for (const photo of identity.photos) selfies.set(photo, await embeddingOf(readFileSync(photo)));
  const all: PairDistances = { genuine: [], impostor: [] };
  const byLayout: Record<string, PairDistances> = {};
  const byDetection: Record<string, PairDistances> = {};
  for (const p of printed) {
    const key = `${p.documentType}/${p.layout ?? 'default'}`;
    const path = p.detection ?? p.missing ?? 'none';
    byLayout[key] ??= { genuine: [], impostor: [] };
    byDetection[path] ??= { genuine: [], impostor: [] };
    for (const identity of identities) {
      for (const photo of identity.photos) {
        if (photo === p.photo) continue;
        const selfie = selfies.get(photo);
        const d = p.embedding && selfie ? euclideanDistance(p.embedding, selfie) : Infinity;
        const bucket = identity.name === p.identity ? 'genuine' : 'impostor';
        all[bucket].push(d);
        byLayout[key][bucket].push(d);
        byDetection[path][bucket].push(d);
      }
    }
  }
  return { ...all, byLayout, byDetection };
}

/** faces-real-dev and faces-dev selfie pairs (photo against photo), as eval:faces measures them. */
export async function selfiePairs(progress: (line: string) => void): Promise<Record<string, PairDistances>> {
  const sets: Record<string, PairDistances> = {};
  const cache = new Map<string, Float32Array | null>();
  for (const [name, file] of [
    ['faces-real-dev', join(DATA_DIR, 'faces-real-dev', 'pairs.csv')],
    ['faces-dev', join(DATA_DIR, 'faces-dev', 'pairs_all.csv')],
  ] as const) {
    const pairs = loadPairs(file);
    const set: PairDistances = { genuine: [], impostor: [] };
    for (const pair of pairs) {
      for (const image of [pair.img1, pair.img2])
        if (!cache.has(image)) cache.set(image, await embeddingOf(readFileSync(image)).catch(() => null));
      const a = cache.get(pair.img1);
      const b = cache.get(pair.img2);
      (pair.same ? set.genuine : set.impostor).push(a && b ? euclideanDistance(a, b) : Infinity);
    }
    progress(`[portraits] ${name}: ${set.genuine.length} genuine / ${set.impostor.length} impostor selfie pairs`);
    sets[name] = set;
  }
  return sets;
}

const round = (v: number | null, digits = 4) => (v === null || !Number.isFinite(v) ? v : Number(v.toFixed(digits)));

/** The bands now, the thresholds each set and all of them together would give, and every set at the shipped bands. */
export function portraitReport(
  sets: Record<string, PairDistances>,
  byLayout: Record<string, PairDistances>,
  byDetection: Record<string, PairDistances> = {},
) {
  const shipped: Bands = { threshold: MATCH_CALIBRATION.threshold, reviewThreshold: MATCH_CALIBRATION.reviewThreshold };
  const all = Object.values(sets);
  const pooledAt = (far: number) => thresholdAtFarOnEach(all, far);
  const proposed: Bands = { threshold: pooledAt(1e-3), reviewThreshold: pooledAt(1e-2) };
  const figures = (bands: Bands) =>
    Object.fromEntries(
      Object.entries(sets).map(([name, set]) => {
        const f = bandFigures(set, bands);
        return [
          name,
          { ...f, genuineMatchedRate: round(f.genuineMatchedRate), farMatched: round(f.farMatched, 5), farReview: round(f.farReview, 5) },
        ];
      }),
    );
  const finite = (values: number[]) => values.filter(Number.isFinite).sort((a, b) => a - b);
  return {
    shippedBands: shipped,
    thresholdsPerSet: Object.fromEntries(
      Object.entries(sets).map(([name, set]) => [
        name,
        {
          atFar1e3: round(thresholdAtFar(set.impostor, 1e-3)),
          atFar1e2: round(thresholdAtFar(set.impostor, 1e-2)),
          genuineMax: round(finite(set.genuine).at(-1) ?? null),
          genuineWithoutDescriptor: set.genuine.filter((d) => !Number.isFinite(d)).length,
        },
      ]),
    ),
    /** The largest thresholds that keep FAR ≤ 1e-3 (MATCHED) and ≤ 1e-2 (review) on every set. */
    pooledThresholds: { threshold: round(proposed.threshold), reviewThreshold: round(proposed.reviewThreshold) },
    atShippedBands: figures(shipped),
    atPooledThresholds: figures(proposed),
    printedByDetectionAtShippedBands: Object.fromEntries(
      Object.entries(byDetection).map(([key, set]) => {
        const f = bandFigures(set, shipped);
        return [
          key,
          {
            genuine: f.genuine,
            genuineMatched: f.genuineMatched,
            genuineReview: f.genuineReview,
            impostor: f.impostor,
            impostorsMatched: f.impostorsMatched,
          },
        ];
      }),
    ),
    printedByLayoutAtShippedBands: Object.fromEntries(
      Object.entries(byLayout).map(([key, set]) => {
        const f = bandFigures(set, shipped);
        return [
          key,
          {
            genuine: f.genuine,
            genuineMatched: f.genuineMatched,
            genuineMatchedRate: round(f.genuineMatchedRate),
            impostorsMatched: f.impostorsMatched,
          },
        ];
      }),
    ),
  };
}
