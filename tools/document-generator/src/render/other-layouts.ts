import type * as opentype from 'opentype.js';
import { type CountryProfile, labelIn, type LabelKey, type VizLanguage } from '../countries';
import { type Prng } from '../prng';
import { type DocumentFonts, type LayoutFonts, textPath, textWidth } from './fonts';
import { mrzZone, TD1_SIZE, TD3_SIZE } from './layouts';
import { barStrip, hatching, microtextBand, rainbowTint, sunburst, waveLattice } from './security-print';
import { formatVizDateAs, type VizContent, type VizDateStyle } from './viz';

/**
 * The layouts other than classic. Each draws a passport data page and a card's front and back with its own field
 * order and positions, caption languages and style, fonts, portrait place and size, colours, background and
 * security print. What stays fixed is what ICAO 9303 fixes: the page sizes, the MRZ at the bottom in OCR-B at its
 * pitch, and captions that still read as captions.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SideInput {
  fonts: DocumentFonts;
  layoutFonts: LayoutFonts;
  rng: Prng;
  country: CountryProfile;
  viz: VizContent;
  /** The portrait already drawn into the layout's portrait box ('' when the photo is missing). */
  portraitSvg: string;
  mrzLines: string[];
}

interface CaptionStyle {
  font: opentype.Font;
  size: number;
  colour: string;
}

interface ValueStyle {
  font: opentype.Font;
  size: number;
  colour: string;
}

/** The ground-truth field a cell prints (marked on its group as data-field, so a test can hold the drawing to the truth). */
export type PrintedField =
  'lastName' | 'firstName' | 'dateOfBirth' | 'sex' | 'nationality' | 'placeOfBirth' | 'issueDate' | 'expiryDate' | 'documentNumber';

interface Cell {
  caption: string;
  value: string;
  field?: PrintedField;
  x: number;
  /** Top of the caption. */
  y: number;
}

function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

function cells(list: Cell[], caption: CaptionStyle, value: ValueStyle, gap: number): string {
  return list
    .map((c) => {
      const drawn =
        textPath(caption.font, c.caption, c.x, c.y + caption.size, caption.size, caption.colour) +
        textPath(value.font, c.value, c.x, c.y + caption.size + gap + value.size, value.size, value.colour);
      return c.field ? `<g data-field="${c.field}" data-value="${attribute(c.value)}">${drawn}</g>` : drawn;
    })
    .join('');
}

function svgDocument(width: number, height: number, radius: number, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><clipPath id="card"><rect x="0" y="0" width="${width}" height="${height}" rx="${radius}"/></clipPath>${defs}</defs>` +
    `${body}</svg>`
  );
}

/** A faded second copy of the portrait (the "ghost image" of real data pages), scaled into another box. */
export function ghostOf(portraitSvg: string, from: Box, to: Box): string {
  if (!portraitSvg) return '';
  const scale = to.width / from.width;
  return (
    `<g opacity="0.22" transform="translate(${(to.x - from.x * scale).toFixed(2)} ${(to.y - from.y * scale).toFixed(2)}) scale(${scale.toFixed(4)})">` +
    `${portraitSvg}</g>`
  );
}

function rightAligned(font: opentype.Font, text: string, right: number, y: number, size: number, fill: string): string {
  return textPath(font, text, right - textWidth(font, text, size), y, size, fill);
}

function centred(font: opentype.Font, text: string, centre: number, y: number, size: number, fill: string): string {
  return textPath(font, text, centre - textWidth(font, text, size) / 2, y, size, fill);
}

/** English first, then the country's own language: "Surname / Nom" on a French page, "Surname / Name" on a German one. */
function englishFirst(country: CountryProfile): VizLanguage[] {
  return ['en', ...country.languages.filter((l) => l !== 'en')].slice(0, 2) as VizLanguage[];
}

/** Three caption languages: the country's own, then English, French and Spanish until there are three. */
function threeLanguages(country: CountryProfile): VizLanguage[] {
  const all: VizLanguage[] = [...country.languages];
  for (const extra of ['en', 'fr', 'es'] as VizLanguage[]) if (!all.includes(extra)) all.push(extra);
  return all.slice(0, 3);
}

/** The country's first language, then English (or French on an English-speaking document). */
function localThenEnglish(country: CountryProfile): VizLanguage[] {
  const first = country.languages[0];
  return [first, first === 'en' ? 'fr' : 'en'];
}

/** An authority line as cards print it: the office of the holder's town and the state. */
function authorityOf(viz: VizContent, country: CountryProfile): string {
  return `${viz.placeOfBirth.toUpperCase()} ${country.code}`;
}

const STREETS: Record<VizLanguage, string[]> = {
  de: ['HAUPTSTRASSE 12', 'KIRCHGASSE 3', 'LINDENWEG 27'],
  fr: ['RUE DE LA PAIX 8', 'AVENUE VICTOR HUGO 41', 'RUE DU MOULIN 5'],
  en: ['41 HIGH STREET', '7 CHURCH ROAD', '12 STATION LANE'],
  es: ['CALLE MAYOR 9', 'AVENIDA DEL SOL 14'],
};

// ---------------------------------------------------------------------------------------------------------------
// right-portrait: English-first captions "Surname / Nom", DejaVu Sans, portrait on the right, a horizontal rainbow
// tint under a lattice of sine waves, a microtext band under the header; dates as ICAO recommends (12 MAR 1985).

const RIGHT_DATE: VizDateStyle = 'month';

export const RIGHT_PORTRAIT_BOXES = {
  passport: { x: 905, y: 135, width: 290, height: 370 },
  front: { x: 620, y: 110, width: 205, height: 265 },
};

function rightPortraitBackground(input: SideInput, width: number, height: number, radius: number): { defs: string; body: string } {
  const { country, rng } = input;
  const tint = rainbowTint('tint', width, height, [country.palette.paper, '#e6eef8', '#f6e9ef', country.palette.paper], false, radius);
  return {
    defs: tint.defs,
    body: tint.fill + `<g clip-path="url(#card)">${waveLattice(rng, width, height, country.palette.guilloche)}</g>`,
  };
}

export function rightPortraitPassport(input: SideInput): string {
  const { width, height } = TD3_SIZE;
  const { country, viz, layoutFonts: f } = input;
  const langs = englishFirst(country);
  const cap = (key: LabelKey): string => labelIn(langs, key, ' / ');
  const date = (iso: string): string => formatVizDateAs(RIGHT_DATE, country, iso);
  const accent = country.palette.accent;
  const background = rightPortraitBackground(input, width, height, 18);
  const header =
    textPath(f.sansBold, country.nameInLocal, 50, 62, 30, accent) +
    rightAligned(f.sansBold, labelIn(langs, 'passport', ' / '), 1200, 62, 26, accent) +
    microtextBand(f.sans, country.nameInLocal, 50, 88, 1150, 6, accent);
  const row = (i: number): number => 112 + i * 80;
  const list: Cell[] = [
    { caption: cap('type'), value: 'P', x: 50, y: row(0) },
    { caption: cap('code'), value: country.code, x: 230, y: row(0) },
    { field: 'documentNumber', caption: cap('documentNumber'), value: viz.documentNumber, x: 470, y: row(0) },
    { field: 'lastName', caption: cap('surname'), value: viz.surname.toUpperCase(), x: 50, y: row(1) },
    { field: 'firstName', caption: cap('givenNames'), value: viz.givenNames.toUpperCase(), x: 50, y: row(2) },
    { field: 'nationality', caption: cap('nationality'), value: viz.nationality, x: 50, y: row(3) },
    { field: 'dateOfBirth', caption: cap('dateOfBirth'), value: date(viz.dateOfBirth), x: 470, y: row(3) },
    { field: 'sex', caption: cap('sex'), value: viz.sex, x: 50, y: row(4) },
    { field: 'placeOfBirth', caption: cap('placeOfBirth'), value: viz.placeOfBirth.toUpperCase(), x: 470, y: row(4) },
    { field: 'issueDate', caption: cap('dateOfIssue'), value: date(viz.dateOfIssue), x: 50, y: row(5) },
    { caption: cap('authority'), value: authorityOf(viz, country), x: 470, y: row(5) },
    { field: 'expiryDate', caption: cap('dateOfExpiry'), value: date(viz.dateOfExpiry), x: 50, y: row(6) },
  ];
  const body =
    background.body +
    header +
    input.portraitSvg +
    cells(list, { font: f.sans, size: 15, colour: accent }, { font: f.sansBold, size: 26, colour: '#141414' }, 4) +
    mrzZone(input.fonts, input.mrzLines, width, height, 62);
  return svgDocument(width, height, 18, background.defs, body);
}

export function rightPortraitFront(input: SideInput): string {
  const { width, height } = TD1_SIZE;
  const { country, viz, layoutFonts: f } = input;
  const langs = englishFirst(country);
  const cap = (key: LabelKey): string => labelIn(langs, key, ' / ');
  const date = (iso: string): string => formatVizDateAs(RIGHT_DATE, country, iso);
  const accent = country.palette.accent;
  const background = rightPortraitBackground(input, width, height, 30);
  const header =
    textPath(f.sansBold, country.nameInLocal, 30, 44, 24, accent) +
    textPath(f.sansBold, labelIn(langs, 'idCard', ' / '), 30, 72, 17, accent);
  const row = (i: number): number => 100 + i * 68;
  const list: Cell[] = [
    { field: 'lastName', caption: cap('surname'), value: viz.surname.toUpperCase(), x: 30, y: row(0) },
    { field: 'firstName', caption: cap('givenNames'), value: viz.givenNames.toUpperCase(), x: 30, y: row(1) },
    { field: 'dateOfBirth', caption: cap('dateOfBirth'), value: date(viz.dateOfBirth), x: 30, y: row(2) },
    { field: 'sex', caption: cap('sex'), value: viz.sex, x: 330, y: row(2) },
    { field: 'nationality', caption: cap('nationality'), value: viz.nationality, x: 30, y: row(3) },
    { field: 'documentNumber', caption: cap('documentNumber'), value: viz.documentNumber, x: 330, y: row(3) },
    { field: 'expiryDate', caption: cap('dateOfExpiry'), value: date(viz.dateOfExpiry), x: 30, y: row(4) },
  ];
  const body =
    background.body +
    header +
    input.portraitSvg +
    cells(list, { font: f.sans, size: 13, colour: accent }, { font: f.sansBold, size: 22, colour: '#141414' }, 3) +
    microtextBand(f.sans, country.nameInLocal, 30, 515, 796, 5, accent);
  return svgDocument(width, height, 30, background.defs, body);
}

export function rightPortraitBack(input: SideInput): string {
  const { width, height } = TD1_SIZE;
  const { country, viz, layoutFonts: f, rng } = input;
  const langs = englishFirst(country);
  const cap = (key: LabelKey): string => labelIn(langs, key, ' / ');
  const accent = country.palette.accent;
  const background = rightPortraitBackground(input, width, height, 30);
  const list: Cell[] = [
    { field: 'issueDate', caption: cap('dateOfIssue'), value: formatVizDateAs(RIGHT_DATE, country, viz.dateOfIssue), x: 40, y: 30 },
    { caption: cap('authority'), value: authorityOf(viz, country), x: 420, y: 30 },
    { field: 'placeOfBirth', caption: cap('placeOfBirth'), value: viz.placeOfBirth.toUpperCase(), x: 40, y: 96 },
  ];
  const body =
    background.body +
    cells(list, { font: f.sans, size: 13, colour: accent }, { font: f.sansBold, size: 21, colour: '#141414' }, 3) +
    barStrip(rng, 40, 200, 520, 90, '#2a2a2a') +
    mrzZone(input.fonts, input.mrzLines, width, height, 46);
  return svgDocument(width, height, 30, background.defs, body);
}

// ---------------------------------------------------------------------------------------------------------------
// numbered-serif: ICAO field numbers before three-language captions in DejaVu Serif italic, values in DejaVu Serif
// bold, a smaller portrait on the left with a faded ghost image, cream paper under a sunburst; dates 12.03.1985.
// The card front prints the place of birth (as the German card does), the back the address and date of issue.

const NUMBERED_DATE: VizDateStyle = 'dotted';
const CREAM = '#f5f0e1';

export const NUMBERED_SERIF_BOXES = {
  passport: { x: 50, y: 150, width: 240, height: 310 },
  passportGhost: { x: 1030, y: 480, width: 150, height: 194 },
  front: { x: 26, y: 92, width: 200, height: 258 },
  frontGhost: { x: 716, y: 392, width: 104, height: 134 },
};

function numberedBackground(input: SideInput, width: number, height: number, radius: number, cx: number, cy: number): string {
  const { country, rng } = input;
  return (
    `<rect x="0" y="0" width="${width}" height="${height}" rx="${radius}" fill="${CREAM}"/>` +
    `<g clip-path="url(#card)">${sunburst(rng, width, height, country.palette.guilloche, cx, cy)}</g>`
  );
}

export function numberedSerifPassport(input: SideInput): string {
  const { width, height } = TD3_SIZE;
  const { country, viz, layoutFonts: f } = input;
  const langs = threeLanguages(country);
  const cap = (key: LabelKey, n?: number): string => `${n === undefined ? '' : `${n}. `}${labelIn(langs, key)}`;
  const date = (iso: string): string => formatVizDateAs(NUMBERED_DATE, country, iso);
  const accent = country.palette.accent;
  const header =
    centred(f.serifBold, country.nameInLocal, width / 2, 60, 30, accent) +
    centred(f.serifBold, labelIn(langs, 'passport'), width / 2, 96, 22, accent) +
    microtextBand(f.serif, country.nameInLocal, 50, 118, 1150, 6, accent);
  const row = (i: number): number => 136 + i * 76;
  const list: Cell[] = [
    { caption: cap('type'), value: 'P', x: 330, y: row(0) },
    { caption: cap('code'), value: country.code, x: 500, y: row(0) },
    { field: 'documentNumber', caption: cap('documentNumber'), value: viz.documentNumber, x: 720, y: row(0) },
    { field: 'lastName', caption: cap('surname', 1), value: viz.surname.toUpperCase(), x: 330, y: row(1) },
    { field: 'firstName', caption: cap('givenNames', 2), value: viz.givenNames.toUpperCase(), x: 330, y: row(2) },
    { field: 'nationality', caption: cap('nationality', 3), value: viz.nationality, x: 330, y: row(3) },
    { field: 'dateOfBirth', caption: cap('dateOfBirth', 4), value: date(viz.dateOfBirth), x: 720, y: row(3) },
    { field: 'sex', caption: cap('sex', 5), value: viz.sex, x: 330, y: row(4) },
    { field: 'placeOfBirth', caption: cap('placeOfBirth', 6), value: viz.placeOfBirth.toUpperCase(), x: 720, y: row(4) },
    { field: 'issueDate', caption: cap('dateOfIssue', 7), value: date(viz.dateOfIssue), x: 330, y: row(5) },
    { caption: cap('authority', 8), value: authorityOf(viz, country), x: 720, y: row(5) },
    { field: 'expiryDate', caption: cap('dateOfExpiry', 9), value: date(viz.dateOfExpiry), x: 330, y: row(6) },
  ];
  const body =
    numberedBackground(input, width, height, 18, 170, 300) +
    header +
    input.portraitSvg +
    ghostOf(input.portraitSvg, NUMBERED_SERIF_BOXES.passport, NUMBERED_SERIF_BOXES.passportGhost) +
    cells(list, { font: f.serifItalic, size: 13, colour: accent }, { font: f.serifBold, size: 25, colour: '#1b1b1b' }, 5) +
    microtextBand(f.serif, country.nameInLocal, 50, 700, 1150, 6, accent) +
    mrzZone(input.fonts, input.mrzLines, width, height, 62);
  return svgDocument(width, height, 18, '', body);
}

export function numberedSerifFront(input: SideInput): string {
  const { width, height } = TD1_SIZE;
  const { country, viz, layoutFonts: f } = input;
  const langs = threeLanguages(country);
  const cap = (key: LabelKey, n?: number): string => `${n === undefined ? '' : `${n}. `}${labelIn(langs, key)}`;
  const date = (iso: string): string => formatVizDateAs(NUMBERED_DATE, country, iso);
  const accent = country.palette.accent;
  const header =
    textPath(f.serifBold, country.nameInLocal, 250, 40, 22, accent) + textPath(f.serifBold, labelIn(langs, 'idCard'), 250, 66, 14, accent);
  const row = (i: number): number => 84 + i * 62;
  const list: Cell[] = [
    { field: 'lastName', caption: cap('surname', 1), value: viz.surname.toUpperCase(), x: 250, y: row(0) },
    { field: 'firstName', caption: cap('givenNames', 2), value: viz.givenNames.toUpperCase(), x: 250, y: row(1) },
    { field: 'dateOfBirth', caption: cap('dateOfBirth', 3), value: date(viz.dateOfBirth), x: 250, y: row(2) },
    { field: 'sex', caption: cap('sex', 4), value: viz.sex, x: 580, y: row(2) },
    { field: 'nationality', caption: cap('nationality', 5), value: viz.nationality, x: 250, y: row(3) },
    { field: 'placeOfBirth', caption: cap('placeOfBirth', 6), value: viz.placeOfBirth.toUpperCase(), x: 580, y: row(3) },
    { field: 'expiryDate', caption: cap('dateOfExpiry', 7), value: date(viz.dateOfExpiry), x: 250, y: row(4) },
    { field: 'documentNumber', caption: cap('documentNumber'), value: viz.documentNumber, x: 580, y: row(4) },
  ];
  // The holder's signature: a pen stroke, no text.
  const signature = `<path d="M260 455 c 30 -40 50 30 80 -5 s 40 -30 70 10 s 50 -20 90 -8" fill="none" stroke="#1d2b5a" stroke-width="2.2"/>`;
  const body =
    numberedBackground(input, width, height, 30, 130, 220) +
    header +
    input.portraitSvg +
    ghostOf(input.portraitSvg, NUMBERED_SERIF_BOXES.front, NUMBERED_SERIF_BOXES.frontGhost) +
    cells(list, { font: f.serifItalic, size: 11, colour: accent }, { font: f.serifBold, size: 20, colour: '#1b1b1b' }, 4) +
    signature;
  return svgDocument(width, height, 30, '', body);
}

export function numberedSerifBack(input: SideInput): string {
  const { width, height } = TD1_SIZE;
  const { country, viz, layoutFonts: f, rng } = input;
  const langs = threeLanguages(country);
  const cap = (key: LabelKey, n?: number): string => `${n === undefined ? '' : `${n}. `}${labelIn(langs, key)}`;
  const street = rng.pick(STREETS[country.languages[0]]);
  const town = rng.pick(country.places).toUpperCase();
  const list: Cell[] = [
    { caption: cap('address', 8), value: `${street}, ${town}`, x: 40, y: 28 },
    { field: 'issueDate', caption: cap('dateOfIssue', 9), value: formatVizDateAs(NUMBERED_DATE, country, viz.dateOfIssue), x: 40, y: 100 },
    { caption: cap('authority', 10), value: authorityOf(viz, country), x: 420, y: 100 },
  ];
  const body =
    numberedBackground(input, width, height, 30, 700, 160) +
    cells(list, { font: f.serifItalic, size: 12, colour: country.palette.accent }, { font: f.serifBold, size: 21, colour: '#1b1b1b' }, 4) +
    microtextBand(f.serif, country.nameInLocal, 40, 200, 776, 5, country.palette.accent) +
    mrzZone(input.fonts, input.mrzLines, width, height, 46);
  return svgDocument(width, height, 30, '', body);
}

// ---------------------------------------------------------------------------------------------------------------
// banded-condensed: a coloured header band with the state's name in white, capitals-only captions in the country's
// language then English in DejaVu Sans Condensed, a portrait on the right with the passport number under it, a
// vertical rainbow tint under fine hatching; passport dates 12/03/1985, card dates 12 03 1985. The card front prints
// the date of issue, the back the place of birth.

export const BANDED_CONDENSED_BOXES = {
  passport: { x: 960, y: 130, width: 250, height: 320 },
  front: { x: 640, y: 100, width: 190, height: 245 },
};

function bandedBackground(input: SideInput, width: number, height: number, radius: number, band: number): { defs: string; body: string } {
  const { country } = input;
  const tint = rainbowTint('tint', width, height, ['#f3f0e6', country.palette.paper, '#e8f0ea', '#efe8f3'], true, radius);
  return {
    defs: tint.defs,
    body:
      tint.fill +
      `<g clip-path="url(#card)">${hatching(width, height, country.palette.guilloche, 7)}` +
      `<rect x="0" y="0" width="${width}" height="${band}" fill="${country.palette.accent}"/></g>`,
  };
}

function upperCaption(country: CountryProfile, key: LabelKey): string {
  return labelIn(localThenEnglish(country), key, ' / ').toUpperCase();
}

export function bandedCondensedPassport(input: SideInput): string {
  const { width, height } = TD3_SIZE;
  const { country, viz, layoutFonts: f } = input;
  const cap = (key: LabelKey): string => upperCaption(country, key);
  const date = (iso: string): string => formatVizDateAs('slashed', country, iso);
  const accent = country.palette.accent;
  const background = bandedBackground(input, width, height, 18, 100);
  const header =
    textPath(f.condensedBold, country.nameInLocal, 40, 62, 32, '#ffffff') +
    rightAligned(f.condensedBold, labelIn(localThenEnglish(country), 'passport', ' / '), 1210, 62, 26, '#ffffff');
  const row = (i: number): number => 122 + i * 74;
  const list: Cell[] = [
    { caption: cap('type'), value: 'P', x: 40, y: row(0) },
    { caption: cap('code'), value: country.code, x: 330, y: row(0) },
    { field: 'lastName', caption: cap('surname'), value: viz.surname.toUpperCase(), x: 40, y: row(1) },
    { field: 'firstName', caption: cap('givenNames'), value: viz.givenNames.toUpperCase(), x: 40, y: row(2) },
    { field: 'dateOfBirth', caption: cap('dateOfBirth'), value: date(viz.dateOfBirth), x: 40, y: row(3) },
    { field: 'sex', caption: cap('sex'), value: viz.sex, x: 330, y: row(3) },
    { field: 'nationality', caption: cap('nationality'), value: viz.nationality, x: 620, y: row(3) },
    { field: 'placeOfBirth', caption: cap('placeOfBirth'), value: viz.placeOfBirth.toUpperCase(), x: 40, y: row(4) },
    { field: 'issueDate', caption: cap('dateOfIssue'), value: date(viz.dateOfIssue), x: 330, y: row(4) },
    { field: 'expiryDate', caption: cap('dateOfExpiry'), value: date(viz.dateOfExpiry), x: 620, y: row(4) },
    { caption: cap('authority'), value: authorityOf(viz, country), x: 40, y: row(5) },
    { field: 'documentNumber', caption: cap('documentNumber'), value: viz.documentNumber, x: 960, y: 470 },
  ];
  const body =
    background.body +
    header +
    input.portraitSvg +
    cells(list, { font: f.condensed, size: 14, colour: accent }, { font: f.condensedBold, size: 25, colour: '#161616' }, 4) +
    microtextBand(f.condensed, country.nameInLocal, 40, 690, 1170, 6, accent) +
    mrzZone(input.fonts, input.mrzLines, width, height, 62);
  return svgDocument(width, height, 18, background.defs, body);
}

export function bandedCondensedFront(input: SideInput): string {
  const { width, height } = TD1_SIZE;
  const { country, viz, layoutFonts: f } = input;
  const cap = (key: LabelKey): string => upperCaption(country, key);
  const date = (iso: string): string => formatVizDateAs('spaced', country, iso);
  const accent = country.palette.accent;
  const background = bandedBackground(input, width, height, 30, 80);
  const header =
    textPath(f.condensedBold, country.nameInLocal, 26, 38, 22, '#ffffff') +
    textPath(f.condensedBold, labelIn(localThenEnglish(country), 'idCard', ' / '), 26, 66, 15, '#ffffff');
  const row = (i: number): number => 96 + i * 62;
  const list: Cell[] = [
    { field: 'lastName', caption: cap('surname'), value: viz.surname.toUpperCase(), x: 26, y: row(0) },
    { field: 'firstName', caption: cap('givenNames'), value: viz.givenNames.toUpperCase(), x: 26, y: row(1) },
    { field: 'dateOfBirth', caption: cap('dateOfBirth'), value: date(viz.dateOfBirth), x: 26, y: row(2) },
    { field: 'sex', caption: cap('sex'), value: viz.sex, x: 330, y: row(2) },
    { field: 'nationality', caption: cap('nationality'), value: viz.nationality, x: 26, y: row(3) },
    { field: 'issueDate', caption: cap('dateOfIssue'), value: date(viz.dateOfIssue), x: 330, y: row(3) },
    { field: 'expiryDate', caption: cap('dateOfExpiry'), value: date(viz.dateOfExpiry), x: 26, y: row(4) },
    { field: 'documentNumber', caption: cap('documentNumber'), value: viz.documentNumber, x: 330, y: row(4) },
  ];
  const body =
    background.body +
    header +
    input.portraitSvg +
    cells(list, { font: f.condensed, size: 11, colour: accent }, { font: f.condensedBold, size: 21, colour: '#161616' }, 3);
  return svgDocument(width, height, 30, background.defs, body);
}

export function bandedCondensedBack(input: SideInput): string {
  const { width, height } = TD1_SIZE;
  const { country, viz, layoutFonts: f, rng } = input;
  const cap = (key: LabelKey): string => upperCaption(country, key);
  const background = bandedBackground(input, width, height, 30, 24);
  const list: Cell[] = [
    { field: 'placeOfBirth', caption: cap('placeOfBirth'), value: viz.placeOfBirth.toUpperCase(), x: 40, y: 44 },
    { caption: cap('authority'), value: authorityOf(viz, country), x: 420, y: 44 },
  ];
  const body =
    background.body +
    cells(
      list,
      { font: f.condensed, size: 12, colour: country.palette.accent },
      { font: f.condensedBold, size: 21, colour: '#161616' },
      3,
    ) +
    barStrip(rng, 40, 150, 776, 70, '#222222') +
    mrzZone(input.fonts, input.mrzLines, width, height, 46);
  return svgDocument(width, height, 30, background.defs, body);
}
