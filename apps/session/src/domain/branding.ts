import { ErrorCode, KycError } from '@kyc/errors';

/**
 * How the hosted widget and the QR hand-off page look for one project environment (spec part 1:
 * "Branding (logo, colours) … applies only to the hosted widget and QR fallback pages").
 *
 * Only what the pages can apply without a third-party request: colours, a corner radius, a font
 * stack of fonts the device already has (no web fonts), and a logo we serve ourselves.
 */
export interface Branding {
  /** Buttons and the focus ring. */
  colorPrimary: string;
  /** Text on primary buttons. */
  colorOnPrimary: string;
  /** Body text. */
  colorText: string;
  /** The card the flow is drawn on. */
  colorSurface: string;
  /** The page around the card. */
  colorBackground: string;
  cornerRadiusPx: number;
  fontFamily: string;
  /** sha256 of the stored PNG logo, or null for none. */
  logoSha256: string | null;
}

export const DEFAULT_BRANDING: Readonly<Branding> = {
  colorPrimary: '#1f4fd1',
  colorOnPrimary: '#ffffff',
  colorText: '#1a1d24',
  colorSurface: '#ffffff',
  colorBackground: '#f3f4f7',
  cornerRadiusPx: 12,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
  logoSha256: null,
};

export type BrandingChange = Partial<Omit<Branding, 'logoSha256'>>;

/** WCAG 2.2 AA: 4.5:1 for body text (1.4.3), 3:1 for the boundary of a control (1.4.11). */
export const MIN_TEXT_CONTRAST = 4.5;
export const MIN_CONTROL_CONTRAST = 3;

const HEX_COLOUR = /^#[0-9a-f]{6}$/;
const CORNER_RADIUS_RANGE = { min: 0, max: 32 };
const FONT_FAMILY_MAX_LENGTH = 200;
/** Family names, quoted or not, separated by commas: nothing a stylesheet could read as another declaration or a URL. */
const FONT_FAMILY_NAME = /^(?:[A-Za-z][A-Za-z0-9 -]*|'[A-Za-z0-9 -]+'|"[A-Za-z0-9 -]+")$/;
const GENERIC_FAMILIES = ['serif', 'sans-serif', 'monospace', 'system-ui', 'cursive', 'fantasy', 'ui-sans-serif', 'ui-serif'];

export interface ContrastProblem {
  pair: string;
  ratio: number;
  required: number;
}

/**
 * The branding after a change (fields left out keep their value), refused as a whole with every
 * problem listed when a value is malformed or a pair of colours is not legible.
 */
export function changeBranding(current: Branding, change: BrandingChange): Branding {
  const problems: string[] = [];
  const colour = (name: keyof BrandingChange, value: string | undefined): string | undefined => {
    if (value === undefined) return undefined;
    const normalised = value.trim().toLowerCase();
    if (!HEX_COLOUR.test(normalised)) {
      problems.push(`${name} must be a colour as #rrggbb`);
      return undefined;
    }
    return normalised;
  };
  const next: Branding = {
    colorPrimary: colour('colorPrimary', change.colorPrimary) ?? current.colorPrimary,
    colorOnPrimary: colour('colorOnPrimary', change.colorOnPrimary) ?? current.colorOnPrimary,
    colorText: colour('colorText', change.colorText) ?? current.colorText,
    colorSurface: colour('colorSurface', change.colorSurface) ?? current.colorSurface,
    colorBackground: colour('colorBackground', change.colorBackground) ?? current.colorBackground,
    cornerRadiusPx: current.cornerRadiusPx,
    fontFamily: current.fontFamily,
    logoSha256: current.logoSha256,
  };
  if (change.cornerRadiusPx !== undefined) {
    const r = change.cornerRadiusPx;
    if (!Number.isInteger(r) || r < CORNER_RADIUS_RANGE.min || r > CORNER_RADIUS_RANGE.max)
      problems.push(`cornerRadiusPx must be a whole number from ${CORNER_RADIUS_RANGE.min} to ${CORNER_RADIUS_RANGE.max}`);
    else next.cornerRadiusPx = r;
  }
  if (change.fontFamily !== undefined) {
    const stack = normaliseFontStack(change.fontFamily);
    if (stack === null)
      problems.push(
        `fontFamily must be a comma-separated list of font family names (letters, digits, spaces, hyphens; optionally quoted), at most ${FONT_FAMILY_MAX_LENGTH} characters`,
      );
    else next.fontFamily = stack;
  }
  if (!problems.length)
    for (const p of contrastProblems(next))
      problems.push(`${p.pair} contrast is ${p.ratio.toFixed(2)}:1, WCAG AA needs at least ${p.required}:1`);
  if (problems.length) throw new KycError(ErrorCode.VALIDATION_FAILED, `invalid branding: ${problems.join('; ')}`, { problems });
  return next;
}

/** Every pair of colours the pages draw on each other, with its ratio where it falls short. */
export function contrastProblems(b: Branding): ContrastProblem[] {
  const pairs: [string, string, string, number][] = [
    ['colorText on colorSurface', b.colorText, b.colorSurface, MIN_TEXT_CONTRAST],
    ['colorText on colorBackground', b.colorText, b.colorBackground, MIN_TEXT_CONTRAST],
    ['colorOnPrimary on colorPrimary', b.colorOnPrimary, b.colorPrimary, MIN_TEXT_CONTRAST],
    ['colorPrimary on colorSurface', b.colorPrimary, b.colorSurface, MIN_CONTROL_CONTRAST],
  ];
  return pairs.map(([pair, fg, bg, required]) => ({ pair, ratio: contrastRatio(fg, bg), required })).filter((p) => p.ratio < p.required);
}

/**
 * Secondary text (hints, captions): the text colour three quarters of the way from the surface,
 * or the text colour itself where that mix would fall under AA. Derived, so a brand that sets
 * only its text and surface colours never gets an illegible grey from our defaults.
 */
export function mutedTextColour(b: Pick<Branding, 'colorText' | 'colorSurface'>): string {
  const mixed = mix(b.colorText, b.colorSurface, 0.75);
  return contrastRatio(mixed, b.colorSurface) >= MIN_TEXT_CONTRAST ? mixed : b.colorText;
}

function mix(a: string, b: string, weightOfA: number): string {
  const channel = (offset: number) =>
    Math.round(parseInt(a.slice(offset, offset + 2), 16) * weightOfA + parseInt(b.slice(offset, offset + 2), 16) * (1 - weightOfA));
  return `#${[1, 3, 5].map((o) => channel(o).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2.x contrast ratio of two #rrggbb colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}

function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The stack as written, one space after each comma, with a generic family appended when it has none. */
function normaliseFontStack(value: string): string | null {
  if (value.length > FONT_FAMILY_MAX_LENGTH) return null;
  const names = value.split(',').map((n) => n.trim());
  if (!names.length || names.some((n) => !FONT_FAMILY_NAME.test(n))) return null;
  if (!names.some((n) => GENERIC_FAMILIES.includes(n))) names.push('sans-serif');
  return names.join(', ');
}
