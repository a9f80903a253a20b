import type { session } from '@kyc/contracts';
import { fromProtoEnvironment } from './environment-mapping';
import type { BrandingResponse, DesignTokensResponse } from './openapi/response-schemas';

/** Where the gateway serves a stored logo: content-addressed, so it is cached for ever. */
export function logoPath(sha256: string): string {
  return `/v1/public/branding/logos/${sha256}.png`;
}

/**
 * The design tokens of the hosted pages (spec 4.10's design-token lookup): the branding as values
 * and as the CSS custom properties the widget's stylesheet reads, so any page applies them with
 * one loop and no knowledge of our variable names.
 */
export function presentDesignTokens(b: session.Branding): DesignTokensResponse {
  const logoUrl = b.logoSha256 ? logoPath(b.logoSha256) : null;
  return {
    object: 'design_tokens' as const,
    environment: fromProtoEnvironment(b.environment),
    colors: {
      primary: b.colorPrimary,
      onPrimary: b.colorOnPrimary,
      text: b.colorText,
      mutedText: b.colorMutedText,
      surface: b.colorSurface,
      background: b.colorBackground,
    },
    cornerRadiusPx: b.cornerRadiusPx,
    fontFamily: b.fontFamily,
    logoUrl,
    cssVariables: {
      '--kyc-primary': b.colorPrimary,
      '--kyc-primary-text': b.colorOnPrimary,
      '--kyc-text': b.colorText,
      '--kyc-muted': b.colorMutedText,
      '--kyc-surface': b.colorSurface,
      '--kyc-page': b.colorBackground,
      '--kyc-radius': `${b.cornerRadiusPx}px`,
      '--kyc-font': b.fontFamily,
    },
    updatedAt: b.updatedAt || null,
  };
}

/** The admin view: the same tokens with the project they belong to. */
export function presentBranding(b: session.Branding): BrandingResponse {
  return { projectId: b.projectId, ...presentDesignTokens(b), object: 'branding' };
}
