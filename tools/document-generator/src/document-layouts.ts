import { type Prng } from './prng';
import { type LayoutFonts } from './render/fonts';
import {
  BANDED_CONDENSED_BOXES,
  bandedCondensedBack,
  bandedCondensedFront,
  bandedCondensedPassport,
  type Box,
  NUMBERED_SERIF_BOXES,
  numberedSerifBack,
  numberedSerifFront,
  numberedSerifPassport,
  RIGHT_PORTRAIT_BOXES,
  rightPortraitBack,
  rightPortraitFront,
  rightPortraitPassport,
  type SideInput,
} from './render/other-layouts';

/**
 * The document looks the generator draws. Each id is one design of all three sides (passport data page, ID card
 * front and back), so `layout × documentType` covers every class. `classic` is the one look the generator had
 * before layouts existed: with `layout: 'classic'` a seed gives the bytes it gave then.
 */
export const DOCUMENT_LAYOUTS = ['classic', 'right-portrait', 'numbered-serif', 'banded-condensed'] as const;
export type DocumentLayout = (typeof DOCUMENT_LAYOUTS)[number];

export const LAYOUT_DESCRIPTIONS: Record<DocumentLayout, string> = {
  classic: 'Arimo, captions in the country’s two languages ("Name/Surname"), portrait left, rosette and band guilloche, country date style',
  'right-portrait':
    'DejaVu Sans, English-first captions ("Surname / Nom"), portrait right, rainbow tint under a sine lattice, microtext, dates 12 MAR 1985',
  'numbered-serif':
    'DejaVu Serif, numbered three-language captions in italic ("1. Name/Surname/Nom"), small portrait left with a ghost image, sunburst on cream, dates 12.03.1985; card front prints the place of birth, the back the address and issue date',
  'banded-condensed':
    'DejaVu Sans Condensed, capitals-only local/English captions under a coloured header band, portrait right, vertical rainbow tint and hatching, dates 12/03/1985 (cards 12 03 1985); card front prints the issue date, the back the place of birth',
};

/** Which of the optional fields (issue date, place of birth) a side prints; the other fields every side with a VIZ prints. */
export interface PrintedOptionalFields {
  issueDate: boolean;
  placeOfBirth: boolean;
}

interface SideDesign {
  /** Where the portrait goes (none on a card back). */
  portrait?: Box;
  prints: PrintedOptionalFields;
  render?: (input: SideInput) => string;
}

export interface LayoutDesign {
  id: DocumentLayout;
  passport: SideDesign;
  front: SideDesign;
  back: SideDesign;
}

const BOTH: PrintedOptionalFields = { issueDate: true, placeOfBirth: true };
const NEITHER: PrintedOptionalFields = { issueDate: false, placeOfBirth: false };

/** classic's sides are drawn by render/layouts.ts as before; its boxes are the ones generate.ts always used. */
export const LAYOUT_DESIGNS: Record<DocumentLayout, LayoutDesign> = {
  classic: {
    id: 'classic',
    passport: { portrait: { x: 40, y: 130, width: 280, height: 360 }, prints: BOTH },
    front: { portrait: { x: 30, y: 110, width: 220, height: 280 }, prints: NEITHER },
    back: { prints: BOTH },
  },
  'right-portrait': {
    id: 'right-portrait',
    passport: { portrait: RIGHT_PORTRAIT_BOXES.passport, prints: BOTH, render: rightPortraitPassport },
    front: { portrait: RIGHT_PORTRAIT_BOXES.front, prints: NEITHER, render: rightPortraitFront },
    back: { prints: BOTH, render: rightPortraitBack },
  },
  'numbered-serif': {
    id: 'numbered-serif',
    passport: { portrait: NUMBERED_SERIF_BOXES.passport, prints: BOTH, render: numberedSerifPassport },
    front: { portrait: NUMBERED_SERIF_BOXES.front, prints: { issueDate: false, placeOfBirth: true }, render: numberedSerifFront },
    back: { prints: { issueDate: true, placeOfBirth: false }, render: numberedSerifBack },
  },
  'banded-condensed': {
    id: 'banded-condensed',
    passport: { portrait: BANDED_CONDENSED_BOXES.passport, prints: BOTH, render: bandedCondensedPassport },
    front: { portrait: BANDED_CONDENSED_BOXES.front, prints: { issueDate: true, placeOfBirth: false }, render: bandedCondensedFront },
    back: { prints: { issueDate: false, placeOfBirth: true }, render: bandedCondensedBack },
  },
};

export function isDocumentLayout(value: string): value is DocumentLayout {
  return (DOCUMENT_LAYOUTS as readonly string[]).includes(value);
}

/**
 * Mixed into the seed for the layout stream: the layout and everything the other layouts draw come from their own
 * stream, so the document's identity, faults and capture (the main stream) are the same whichever layout is drawn.
 */
export const LAYOUT_SEED_SALT = 0x1b873593;

/** The default choice when no layout is asked for: uniform over the layouts, from the layout stream. */
export function chooseLayout(layoutRng: Prng, among: readonly DocumentLayout[] = DOCUMENT_LAYOUTS): DocumentLayout {
  return layoutRng.pick(among);
}

export type { LayoutFonts };
