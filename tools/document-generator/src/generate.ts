import sharp from 'sharp';
import {
  ALL_DEGRADATIONS,
  applyDegradation,
  type AppliedDegradation,
  type Degradation,
  type RawImage,
  rasterToRaw,
  toSharp,
} from './degrade/degradations';
import { SPECIMEN_COUNTRY } from './countries';
import {
  chooseLayout,
  DOCUMENT_LAYOUTS,
  type DocumentLayout,
  isDocumentLayout,
  LAYOUT_DESIGNS,
  LAYOUT_SEED_SALT,
  type PrintedOptionalFields,
} from './document-layouts';
import { type DocumentFault, FAULT_CODES, ID_CARD_ONLY_FAULTS } from './faults';
import { type DocumentSide, type ExpectedFields, type GeneratedDocumentType, type ImageGroundTruth } from './ground-truth';
import { addYears, mrzCountryCode, randomIdentity, randomPerson, type SyntheticIdentity } from './identity';
import { composeTd1, composeTd3, type MrzIdentity } from './mrz/compose';
import { validateMrz } from './mrz/validate';
import { Prng } from './prng';
import { type DocumentFonts, loadDocumentFonts, loadLayoutFonts } from './render/fonts';
import { idCardBackSvg, idCardFrontSvg, passportSvg } from './render/layouts';
import { type Box, type SideInput } from './render/other-layouts';
import { drawnPortrait, portraitFromImage } from './render/portrait';
import { type VizContent } from './render/viz';

export type DegradeMode = 'clean' | 'mixed' | Degradation[];

export interface GenerateOptions {
  seed: number;
  /** Position in the batch; each index gets its own PRNG stream. */
  index: number;
  documentType?: GeneratedDocumentType;
  country?: string;
  faults?: DocumentFault[];
  degrade?: DegradeMode;
  /** Portrait image bytes; without one a face placeholder is drawn. */
  portrait?: Buffer;
  /** The portrait's place left empty (a photo covered or cut out): a side that must show a face shows none. */
  withoutPortrait?: boolean;
  /** YYYY-MM-DD, the "today" validity is judged against. */
  referenceDate?: string;
  /**
   * One of DOCUMENT_LAYOUTS. Unset: a seeded choice among them, from a stream of its own, so the person, faults and
   * capture of a (seed, index) are the same whichever layout is drawn. 'classic' gives the bytes the generator gave
   * before it had layouts.
   */
  layout?: string;
  /** Keep each side's SVG on the result (tests and debugging: what was drawn, before the capture). */
  keepSvg?: boolean;
}

export interface GeneratedImage {
  jpeg: Buffer;
  truth: ImageGroundTruth;
  /** The side as drawn, before the capture; only with `keepSvg`. */
  svg?: string;
}

export interface GeneratedDocument {
  id: string;
  documentType: GeneratedDocumentType;
  layout: DocumentLayout;
  images: GeneratedImage[];
}

export class GeneratorInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeneratorInputError';
  }
}

export const DEFAULT_REFERENCE_DATE = '2026-01-01';

// Order in which degradations are applied: geometry, then light, then optics/sensor, compression last.
const DEGRADATION_ORDER: readonly Degradation[] = [
  'perspective',
  'rotation',
  'partial_crop',
  'low_light',
  'glare',
  'blur',
  'noise',
  'jpeg',
];

function chooseDegradations(rng: Prng, mode: DegradeMode): Degradation[] {
  if (mode === 'clean') return [];
  if (Array.isArray(mode)) return DEGRADATION_ORDER.filter((d) => mode.includes(d));
  if (rng.chance(0.2)) return [];
  const count = rng.int(1, 3);
  const chosen = new Set<Degradation>();
  while (chosen.size < count) chosen.add(rng.pick(ALL_DEGRADATIONS));
  return DEGRADATION_ORDER.filter((d) => chosen.has(d));
}

function mrzIdentity(identity: SyntheticIdentity, documentCode: string): MrzIdentity {
  const code = mrzCountryCode(identity.country.code);
  return {
    documentCode,
    issuingState: code,
    nationality: code,
    surname: identity.person.surname,
    givenNames: identity.person.givenNames,
    sex: identity.person.sex,
    documentNumber: identity.documentNumber,
    dateOfBirth: identity.person.dateOfBirth,
    dateOfExpiry: identity.dateOfExpiry,
  };
}

function vizOf(identity: SyntheticIdentity): VizContent {
  return {
    surname: identity.person.surname,
    givenNames: identity.person.givenNames,
    sex: identity.person.sex,
    dateOfBirth: identity.person.dateOfBirth,
    placeOfBirth: identity.person.placeOfBirth,
    nationality: identity.country.code,
    dateOfIssue: identity.dateOfIssue,
    dateOfExpiry: identity.dateOfExpiry,
    documentNumber: identity.documentNumber,
  };
}

/** The fields one side prints; issue date and place of birth only where the layout prints them. */
function fieldsOf(identity: SyntheticIdentity, documentType: GeneratedDocumentType, prints: PrintedOptionalFields): ExpectedFields {
  return {
    firstName: identity.person.givenNames,
    lastName: identity.person.surname,
    dateOfBirth: identity.person.dateOfBirth,
    documentNumber: identity.documentNumber,
    nationality: identity.country.code,
    sex: identity.person.sex,
    expiryDate: identity.dateOfExpiry,
    ...(prints.issueDate ? { issueDate: identity.dateOfIssue } : {}),
    ...(prints.placeOfBirth ? { placeOfBirth: identity.person.placeOfBirth } : {}),
    issuingCountry: identity.country.code,
    documentType,
  };
}

/** Replaces one check digit with a different digit; returns the corrupted lines. */
function corruptCheckDigit(rng: Prng, lines: string[], format: 'TD1' | 'TD3'): string[] {
  const positions: [number, number][] =
    format === 'TD3'
      ? [
          [1, 9],
          [1, 19],
          [1, 27],
          [1, 43],
        ]
      : [
          [0, 14],
          [1, 6],
          [1, 14],
          [1, 29],
        ];
  const [line, at] = rng.pick(positions);
  const current = Number(lines[line][at]);
  const wrong = String((current + rng.int(1, 9)) % 10);
  const out = [...lines];
  out[line] = out[line].slice(0, at) + wrong + out[line].slice(at + 1);
  return out;
}

async function portraitSvg(rng: Prng, portrait: Buffer | undefined, w: number, h: number, x: number, y: number): Promise<string> {
  if (portrait) {
    try {
      return await portraitFromImage(portrait, w, h, x, y);
    } catch {
      // An undecodable portrait falls back to the drawn placeholder rather than failing the document.
    }
  }
  return drawnPortrait(rng, w, h, x, y);
}

/**
 * Puts the card on a table-like background with a margin, then applies the chosen degradations. A greyscale copy
 * is saved as a one-channel JPEG, as a scanner saves a black-and-white scan.
 */
async function capture(
  rng: Prng,
  svg: string,
  kinds: Degradation[],
  greyscale: boolean,
): Promise<{ jpeg: Buffer; applied: AppliedDegradation[]; width: number; height: number }> {
  const card = await sharp(Buffer.from(svg)).png().toBuffer();
  const meta = await sharp(card).metadata();
  const cardWidth = meta.width ?? 0;
  const cardHeight = meta.height ?? 0;
  const margin = Math.round(cardWidth * rng.float(0.04, 0.1));
  const background = [rng.int(40, 200), rng.int(40, 180), rng.int(30, 160)];
  const [r, g, b] = background;
  let image: RawImage = await rasterToRaw(
    sharp({
      create: { width: cardWidth + 2 * margin, height: cardHeight + 2 * margin, channels: 3, background: { r, g, b } },
    })
      .composite([{ input: card, left: margin, top: margin }])
      .png(),
  );
  const applied: AppliedDegradation[] = [];
  for (const kind of kinds) {
    const step = await applyDegradation(kind, rng, image, background);
    image = step.image;
    applied.push(step.applied);
  }
  const encoder = greyscale ? toSharp(image).toColourspace('b-w') : toSharp(image);
  const jpeg = await encoder.jpeg({ quality: 90, chromaSubsampling: '4:2:0' }).toBuffer();
  return { jpeg, applied, width: image.width, height: image.height };
}

interface SidePlan {
  side: DocumentSide;
  uploadedAs: DocumentSide;
  svg: string;
  mrzLines: string[] | null;
  fields: ExpectedFields;
  fieldsScoreable: boolean;
  problems: string[];
  signals: string[];
}

/**
 * One synthetic document: a passport data page, or an ID card front and back. Deterministic in
 * (seed, index, options). Throws GeneratorInputError for contradictory options.
 */
export async function generateDocument(options: GenerateOptions): Promise<GeneratedDocument> {
  const rng = new Prng(options.seed).fork(options.index);
  const layoutRng = new Prng(options.seed ^ LAYOUT_SEED_SALT).fork(options.index);
  if (options.layout !== undefined && !isDocumentLayout(options.layout)) {
    throw new GeneratorInputError(`unknown layout ${options.layout} (layouts: ${DOCUMENT_LAYOUTS.join(', ')})`);
  }
  const layout: DocumentLayout = options.layout ?? chooseLayout(layoutRng);
  const design = LAYOUT_DESIGNS[layout];
  const referenceDate = options.referenceDate ?? DEFAULT_REFERENCE_DATE;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(referenceDate)) throw new GeneratorInputError(`referenceDate must be YYYY-MM-DD: ${referenceDate}`);
  const documentType = options.documentType ?? (rng.chance(0.5) ? 'passport' : 'id_card');
  const requestedFaults = options.faults ?? [];
  // A document from the specimen state is a specimen whether the fault or an explicit country put it there.
  const faults: DocumentFault[] =
    options.country === SPECIMEN_COUNTRY.code && !requestedFaults.includes('specimen') ? [...requestedFaults, 'specimen'] : requestedFaults;
  if (documentType === 'passport') {
    const wrong = faults.filter((f) => ID_CARD_ONLY_FAULTS.includes(f));
    if (wrong.length > 0) throw new GeneratorInputError(`faults only possible on two-sided ID cards: ${wrong.join(', ')}`);
  }
  const has = (fault: DocumentFault): boolean => faults.includes(fault);
  const fonts = loadDocumentFonts();
  const identity = randomIdentity(rng, referenceDate, options.country ?? (has('specimen') ? SPECIMEN_COUNTRY.code : undefined));
  if (options.country && identity.country.code !== options.country) throw new GeneratorInputError(`unknown country ${options.country}`);

  if (has('expired')) {
    identity.dateOfExpiry = addYears(referenceDate, 0, -rng.int(20, 900));
    identity.dateOfIssue = addYears(identity.dateOfExpiry, -10, 1);
  }
  if (has('issue_after_expiry')) identity.dateOfIssue = addYears(identity.dateOfExpiry, 0, rng.int(30, 400));

  // What the VIZ prints; differs from the MRZ identity only for the mismatch fault.
  const vizIdentity: SyntheticIdentity = { ...identity, person: { ...identity.person } };
  if (has('viz_mrz_mismatch')) {
    if (rng.chance(0.5)) vizIdentity.person.dateOfBirth = addYears(identity.person.dateOfBirth, rng.int(1, 6), rng.int(1, 40));
    else vizIdentity.person.surname = identity.country.surnames.find((s) => s !== identity.person.surname) ?? 'Other';
  }
  // The holder whose data the MRZ carries; another person for the mixed front/back fault.
  const mrzHolder: SyntheticIdentity = has('front_back_different_people')
    ? {
        ...randomIdentity(rng, referenceDate, identity.country.code),
        country: identity.country,
        dateOfExpiry: identity.dateOfExpiry,
        dateOfIssue: identity.dateOfIssue,
      }
    : identity;
  if (mrzHolder !== identity) {
    while (mrzHolder.person.surname === identity.person.surname && mrzHolder.person.dateOfBirth === identity.person.dateOfBirth) {
      mrzHolder.person = randomPerson(rng, identity.country, referenceDate);
    }
  }
  const codesFor = (fs: DocumentFault[]): { problems: string[]; signals: string[] } => ({
    problems: [...new Set(fs.filter(has).flatMap((f) => FAULT_CODES[f].problems))],
    signals: [...new Set(fs.filter(has).flatMap((f) => FAULT_CODES[f].signals))],
  });

  const plans: SidePlan[] = [];
  if (documentType === 'passport') {
    let lines: string[] = composeTd3(mrzIdentity(mrzHolder, 'P<'));
    if (has('wrong_check_digit')) lines = corruptCheckDigit(rng, lines, 'TD3');
    const portrait = options.withoutPortrait ? '' : await portraitSvg(rng, options.portrait, 280, 360, 40, 130);
    // classic is drawn in every case: its draws advance the main stream, which the capture below draws from next.
    const classicSvg = passportSvg(fonts, rng, {
      country: identity.country,
      viz: vizOf(vizIdentity),
      mrzLines: lines,
      portraitSvg: portrait,
    });
    const other = design.passport.render;
    const svg = other
      ? other(await sideInput(layoutRng, fonts, identity.country, vizOf(vizIdentity), lines, options, design.passport.portrait))
      : classicSvg;
    plans.push({
      side: 'main',
      uploadedAs: 'main',
      svg,
      mrzLines: lines,
      fields: fieldsOf(mrzHolder, documentType, design.passport.prints),
      fieldsScoreable: !has('viz_mrz_mismatch'),
      ...codesFor(['wrong_check_digit', 'expired', 'issue_after_expiry', 'viz_mrz_mismatch', 'specimen', 'greyscale_copy']),
    });
  } else {
    let lines: string[] = composeTd1(mrzIdentity(mrzHolder, 'ID'));
    if (has('wrong_check_digit')) lines = corruptCheckDigit(rng, lines, 'TD1');
    const portrait = options.withoutPortrait ? '' : await portraitSvg(rng, options.portrait, 220, 280, 30, 110);
    const classicBackSvg = idCardBackSvg(fonts, rng, { country: identity.country, viz: vizOf(mrzHolder), mrzLines: lines });
    // The other layout's portrait is drawn first on its stream whether or not the front is shown, so its later draws stay put.
    const frontInput = design.front.render
      ? await sideInput(layoutRng, fonts, identity.country, vizOf(vizIdentity), [], options, design.front.portrait)
      : undefined;
    const otherBack = design.back.render;
    const backSvg = otherBack
      ? otherBack(await sideInput(layoutRng, fonts, identity.country, vizOf(mrzHolder), lines, options, undefined))
      : classicBackSvg;
    const backPlan: SidePlan = {
      side: 'back',
      uploadedAs: 'back',
      svg: backSvg,
      mrzLines: lines,
      fields: fieldsOf(mrzHolder, documentType, design.back.prints),
      fieldsScoreable: true,
      ...codesFor(['wrong_check_digit', 'expired', 'issue_after_expiry', 'specimen', 'greyscale_copy']),
    };
    if (has('back_uploaded_as_front')) {
      plans.push({ ...backPlan, uploadedAs: 'front', problems: [...backPlan.problems, ...FAULT_CODES.back_uploaded_as_front.problems] });
      plans.push(backPlan);
    } else {
      const classicFrontSvg = idCardFrontSvg(fonts, rng, { country: identity.country, viz: vizOf(vizIdentity), portraitSvg: portrait });
      const frontSvg = design.front.render && frontInput ? design.front.render(frontInput) : classicFrontSvg;
      // The front has no MRZ, so the specimen state shows there only in print, which is not expected to be caught.
      const frontPlan: SidePlan = {
        side: 'front',
        uploadedAs: 'front',
        svg: frontSvg,
        mrzLines: null,
        fields: fieldsOf(vizIdentity, documentType, design.front.prints),
        fieldsScoreable: true,
        ...codesFor(['expired', 'greyscale_copy']),
      };
      plans.push(frontPlan);
      plans.push(
        has('front_uploaded_as_back')
          ? { ...frontPlan, uploadedAs: 'back', problems: [...frontPlan.problems, ...FAULT_CODES.front_uploaded_as_back.problems] }
          : backPlan,
      );
    }
  }

  const documentProblems = [
    ...new Set([
      ...(has('front_back_different_people') ? FAULT_CODES.front_back_different_people.documentProblems : []),
      // On a card the VIZ (front) and MRZ (back) are on different sides, so their mismatch is a cross-side finding.
      ...(documentType === 'id_card' && has('viz_mrz_mismatch') ? FAULT_CODES.viz_mrz_mismatch.problems : []),
    ]),
  ];
  const documentId = `doc-${options.seed}-${String(options.index).padStart(4, '0')}`;
  const kinds = chooseDegradations(rng, options.degrade ?? 'clean');
  const images: GeneratedImage[] = [];
  for (const plan of plans) {
    const shot = await capture(rng, plan.svg, kinds, has('greyscale_copy'));
    const id = documentType === 'passport' ? documentId : `${documentId}-${plan.uploadedAs}`;
    const mrzCheck = plan.mrzLines ? validateMrz(plan.mrzLines) : null;
    images.push({
      ...(options.keepSvg ? { svg: plan.svg } : {}),
      jpeg: shot.jpeg,
      truth: {
        id,
        documentId,
        file: `${id}.jpg`,
        seed: options.seed,
        layout,
        referenceDate,
        documentType,
        side: plan.side,
        uploadedAs: plan.uploadedAs,
        issuingCountry: identity.country.code,
        // Spec 2.4: a property of the document (ID cards and driving licences are two-sided), not of the side shown.
        requiresBackSide: documentType === 'id_card',
        mrz: plan.mrzLines && mrzCheck ? { format: mrzCheck.format, lines: plan.mrzLines, valid: mrzCheck.valid } : null,
        extractedData: plan.fields,
        fieldsScoreable: plan.fieldsScoreable,
        expectedProblems: plan.problems,
        expectedSignals: plan.signals,
        documentProblems,
        faults,
        degradations: shot.applied,
        image: { width: shot.width, height: shot.height },
      },
    });
  }
  return { id: documentId, documentType, layout, images };
}

/** What a layout other than classic draws a side from; its portrait (when the side has one) drawn into the layout's box. */
async function sideInput(
  layoutRng: Prng,
  fonts: DocumentFonts,
  country: SideInput['country'],
  viz: VizContent,
  mrzLines: string[],
  options: GenerateOptions,
  portraitBox: Box | undefined,
): Promise<SideInput> {
  const portrait =
    portraitBox && !options.withoutPortrait
      ? await portraitSvg(layoutRng, options.portrait, portraitBox.width, portraitBox.height, portraitBox.x, portraitBox.y)
      : '';
  return { fonts, layoutFonts: loadLayoutFonts(), rng: layoutRng, country, viz, portraitSvg: portrait, mrzLines };
}
