/**
 * The project environment's branding as the gateway presents it (the widget-open answer and
 * GET /public/design-tokens carry the same object). The page applies it through the CSSOM, which
 * the strict CSP allows (no style attribute or element is written).
 */
export interface DesignTokens {
  cssVariables: Record<string, string>;
  logoUrl: string | null;
}

/** The variables widget.css reads, each with the shape its value may have; anything else is ignored. */
const ACCEPTED_VARIABLES: Readonly<Record<string, RegExp>> = {
  '--kyc-primary': /^#[0-9a-f]{6}$/i,
  '--kyc-primary-text': /^#[0-9a-f]{6}$/i,
  '--kyc-text': /^#[0-9a-f]{6}$/i,
  '--kyc-muted': /^#[0-9a-f]{6}$/i,
  '--kyc-surface': /^#[0-9a-f]{6}$/i,
  '--kyc-page': /^#[0-9a-f]{6}$/i,
  '--kyc-radius': /^\d{1,2}px$/,
  '--kyc-font': /^[A-Za-z0-9 ,'"-]{1,220}$/,
};

/** Same-origin logo paths only: the CSP allows images from 'self', and a host-supplied URL must not redirect that. */
const LOGO_PATH = /^\/v1\/public\/branding\/logos\/[0-9a-f]{64}\.png$/;

/** The accepted variables of `tokens`, in a stable order (the server already checked them; this is the page's own guard). */
export function acceptedVariables(tokens: DesignTokens | null | undefined): [string, string][] {
  if (!tokens || typeof tokens.cssVariables !== 'object' || tokens.cssVariables === null) return [];
  return Object.entries(ACCEPTED_VARIABLES).flatMap(([name, shape]) => {
    const value = tokens.cssVariables[name];
    return typeof value === 'string' && shape.test(value) ? [[name, value] as [string, string]] : [];
  });
}

export function acceptedLogoUrl(tokens: DesignTokens | null | undefined): string | null {
  const url = tokens?.logoUrl;
  return typeof url === 'string' && LOGO_PATH.test(url) ? url : null;
}

/** Sets the variables on the root element, where widget.css declares their defaults. */
export function applyDesignTokens(root: HTMLElement, tokens: DesignTokens | null | undefined): void {
  for (const [name, value] of acceptedVariables(tokens)) root.style.setProperty(name, value);
}
