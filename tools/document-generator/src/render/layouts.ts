import { type CountryProfile, vizLabel } from '../countries';
import { type Prng } from '../prng';
import { type DocumentFonts, mrzLinePath, textPath } from './fonts';
import { guillochePattern } from './guilloche';
import { formatVizDate, type VizContent } from './viz';

/** Rendering scale: 10 px per millimetre, so an ICAO MRZ pitch of 2.54 mm is 25.4 px. */
export const PX_PER_MM = 10;
export const MRZ_PITCH = 2.54 * PX_PER_MM;
const MRZ_FONT_SIZE = 34;

export const TD3_SIZE = { width: 1250, height: 880 };
export const TD1_SIZE = { width: 856, height: 540 };

interface Field {
  label: string;
  value: string;
}

function fieldBlock(
  fonts: DocumentFonts,
  fields: Field[],
  x: number,
  y: number,
  rowHeight: number,
  labelSize: number,
  valueSize: number,
  colour: string,
): string {
  return fields
    .map((field, i) => {
      const top = y + i * rowHeight;
      return (
        textPath(fonts.sans, field.label, x, top + labelSize, labelSize, colour) +
        textPath(fonts.sansBold, field.value, x, top + labelSize + valueSize + 2, valueSize, '#151515')
      );
    })
    .join('');
}

function frame(width: number, height: number, country: CountryProfile, rng: Prng, radius: number): string {
  return (
    `<rect x="0" y="0" width="${width}" height="${height}" rx="${radius}" fill="${country.palette.paper}"/>` +
    `<g clip-path="url(#card)">${guillochePattern(rng, width, height, country.palette.guilloche)}</g>`
  );
}

function svg(width: number, height: number, radius: number, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><clipPath id="card"><rect x="0" y="0" width="${width}" height="${height}" rx="${radius}"/></clipPath></defs>` +
    `${body}</svg>`
  );
}

/** The MRZ at the bottom in OCR-B at ICAO's pitch (every layout prints it the same way: only its place is fixed by ICAO). */
export function mrzZone(fonts: DocumentFonts, lines: string[], width: number, height: number, lineGap: number): string {
  const left = (width - MRZ_PITCH * lines[0].length) / 2;
  const zoneTop = height - lineGap * lines.length - 30;
  const band = `<rect x="0" y="${zoneTop}" width="${width}" height="${height - zoneTop}" fill="#ffffff" opacity="0.55"/>`;
  return (
    band + lines.map((line, i) => mrzLinePath(fonts.ocrb, line, left, zoneTop + lineGap * (i + 1) + 4, MRZ_PITCH, MRZ_FONT_SIZE)).join('')
  );
}

export interface PassportPage {
  country: CountryProfile;
  viz: VizContent;
  mrzLines: string[];
  portraitSvg: string;
}

/** TD3 passport data page (125 × 88 mm): header, portrait, labelled VIZ, two-line MRZ. */
export function passportSvg(fonts: DocumentFonts, rng: Prng, page: PassportPage): string {
  const { width, height } = TD3_SIZE;
  const { country, viz } = page;
  const accent = country.palette.accent;
  const header =
    textPath(fonts.sansBold, country.nameInLocal, 40, 58, 34, accent) +
    textPath(fonts.sansBold, vizLabel(country, 'passport', 3).replace(/\//g, ' / '), 40, 100, 26, accent);
  const date = (iso: string): string => formatVizDate(country, iso);
  const left: Field[] = [
    {
      label: `${vizLabel(country, 'type')}  P      ${vizLabel(country, 'documentNumber')}`,
      value: `P     ${country.code}     ${viz.documentNumber}`,
    },
    { label: vizLabel(country, 'surname'), value: viz.surname.toUpperCase() },
    { label: vizLabel(country, 'givenNames'), value: viz.givenNames.toUpperCase() },
    { label: vizLabel(country, 'nationality'), value: viz.nationality },
    { label: vizLabel(country, 'dateOfBirth'), value: date(viz.dateOfBirth) },
    {
      label: `${vizLabel(country, 'sex')}      ${vizLabel(country, 'placeOfBirth')}`,
      value: `${viz.sex}          ${viz.placeOfBirth.toUpperCase()}`,
    },
    { label: vizLabel(country, 'dateOfIssue'), value: date(viz.dateOfIssue) },
    { label: vizLabel(country, 'dateOfExpiry'), value: date(viz.dateOfExpiry) },
  ];
  const body =
    frame(width, height, country, rng, 18) +
    header +
    page.portraitSvg +
    fieldBlock(fonts, left, 360, 130, 62, 17, 27, accent) +
    mrzZone(fonts, page.mrzLines, width, height, 62);
  return svg(width, height, 18, body);
}

export interface IdCardFront {
  country: CountryProfile;
  viz: VizContent;
  portraitSvg: string;
}

/** TD1 card front (85.6 × 54 mm): header, portrait, labelled VIZ; no MRZ. */
export function idCardFrontSvg(fonts: DocumentFonts, rng: Prng, card: IdCardFront): string {
  const { width, height } = TD1_SIZE;
  const { country, viz } = card;
  const accent = country.palette.accent;
  const date = (iso: string): string => formatVizDate(country, iso);
  const header =
    textPath(fonts.sansBold, country.nameInLocal, 28, 44, 26, accent) +
    textPath(fonts.sansBold, vizLabel(country, 'idCard', 2).replace(/\//g, ' / '), 28, 76, 19, accent);
  const fields: Field[] = [
    { label: vizLabel(country, 'surname'), value: viz.surname.toUpperCase() },
    { label: vizLabel(country, 'givenNames'), value: viz.givenNames.toUpperCase() },
    { label: vizLabel(country, 'dateOfBirth'), value: date(viz.dateOfBirth) },
    { label: `${vizLabel(country, 'sex', 1)} / ${vizLabel(country, 'nationality', 1)}`, value: `${viz.sex}   ${viz.nationality}` },
    { label: vizLabel(country, 'documentNumber'), value: viz.documentNumber },
    { label: vizLabel(country, 'dateOfExpiry'), value: date(viz.dateOfExpiry) },
  ];
  const body = frame(width, height, country, rng, 30) + header + card.portraitSvg + fieldBlock(fonts, fields, 280, 95, 70, 13, 22, accent);
  return svg(width, height, 30, body);
}

export interface IdCardBack {
  country: CountryProfile;
  viz: VizContent;
  mrzLines: string[];
}

/** TD1 card back: issue data and authority above a three-line MRZ. */
export function idCardBackSvg(fonts: DocumentFonts, rng: Prng, card: IdCardBack): string {
  const { width, height } = TD1_SIZE;
  const { country, viz } = card;
  const accent = country.palette.accent;
  const fields: Field[] = [
    { label: vizLabel(country, 'placeOfBirth'), value: viz.placeOfBirth.toUpperCase() },
    { label: vizLabel(country, 'dateOfIssue'), value: formatVizDate(country, viz.dateOfIssue) },
    { label: vizLabel(country, 'authority'), value: `${viz.placeOfBirth.toUpperCase()} ${country.code}` },
  ];
  const body =
    frame(width, height, country, rng, 30) +
    fieldBlock(fonts, fields, 40, 30, 58, 13, 21, accent) +
    mrzZone(fonts, card.mrzLines, width, height, 46);
  return svg(width, height, 30, body);
}
