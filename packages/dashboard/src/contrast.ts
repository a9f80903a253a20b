/**
 * WCAG 2.2 contrast of the branding colours, as the session service checks them when they are set
 * (README "Branding of the hosted pages"): the dashboard shows the same verdicts while one types,
 * before anything is sent.
 */
export interface BrandingColours {
  primary: string;
  onPrimary: string;
  text: string;
  surface: string;
  background: string;
}

export interface ContrastCheck {
  label: string;
  ratio: number;
  minimum: number;
  passes: boolean;
}

const HEX = /^#[0-9a-f]{6}$/i;

export const isHexColour = (value: string): boolean => HEX.test(value);

/** Relative luminance of an sRGB `#rrggbb` colour. */
export function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Body text on the card and on the page and button text ≥ 4.5:1 (1.4.3), the button against the card ≥ 3:1 (1.4.11). */
export function brandingContrastChecks(colours: BrandingColours): ContrastCheck[] {
  const pairs: [string, string, string, number][] = [
    ['Text on the card', colours.text, colours.surface, 4.5],
    ['Text on the page', colours.text, colours.background, 4.5],
    ['Button text on the button', colours.onPrimary, colours.primary, 4.5],
    ['Button against the card', colours.primary, colours.surface, 3],
  ];
  return pairs.map(([label, foreground, background, minimum]) => {
    const valid = isHexColour(foreground) && isHexColour(background);
    const ratio = valid ? Math.round(contrastRatio(foreground, background) * 100) / 100 : 0;
    return { label, ratio, minimum, passes: valid && ratio >= minimum };
  });
}
