import { createHash } from 'node:crypto';
import { ErrorCode, KycError } from '@kyc/errors';
import { changeBranding, type BrandingChange } from '../domain/branding';
import type { EnvironmentName } from '../domain/environment';
import type { BrandingStore, LogoUpload, StoredBranding } from './ports/branding-store';

/** The gateway fits logos into 600×200 px; a PNG of that size is far below this. */
const MAX_LOGO_BYTES = 512 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface BrandingUpdate {
  change: BrandingChange;
  /** A PNG the gateway has already decoded and re-encoded. */
  logoPng?: Buffer;
  removeLogo: boolean;
}

/** Branding of the hosted widget and QR pages (spec part 1), set by admins and read by the pages. */
export class BrandingUseCases {
  constructor(private readonly store: BrandingStore) {}

  branding(projectId: string, environment: EnvironmentName): Promise<StoredBranding> {
    return this.store.branding(projectId, environment);
  }

  async brandingByPublishableKey(publishableKey: string): Promise<StoredBranding> {
    const found = publishableKey.startsWith('pk_') ? await this.store.brandingByPublishableKey(publishableKey) : null;
    if (!found) throw new KycError(ErrorCode.NOT_FOUND, 'No active publishable key matches');
    return found;
  }

  /**
   * Checked whole against the branding it changes, inside the write's transaction: a change that
   * leaves a pair of colours illegible rolls back and changes nothing.
   */
  async update(projectId: string, environment: EnvironmentName, update: BrandingUpdate): Promise<StoredBranding> {
    if (update.logoPng && update.removeLogo) throw new KycError(ErrorCode.VALIDATION_FAILED, 'Send a logo or remove it, not both');
    const logo = update.logoPng ? logoUpload(update.logoPng) : null;
    return this.store.updateBranding(
      projectId,
      environment,
      (current) => {
        const next = changeBranding(current, update.change);
        if (logo) next.logoSha256 = logo.sha256;
        else if (update.removeLogo) next.logoSha256 = null;
        return next;
      },
      logo,
    );
  }

  async logo(sha256: string): Promise<{ sha256: string; png: Buffer }> {
    const png = SHA256_HEX.test(sha256) ? await this.store.logo(sha256) : null;
    if (!png) throw new KycError(ErrorCode.NOT_FOUND, 'Logo not found');
    return { sha256, png };
  }
}

function logoUpload(png: Buffer): LogoUpload {
  if (png.length > MAX_LOGO_BYTES || !png.subarray(0, 8).equals(PNG_SIGNATURE))
    throw new KycError(ErrorCode.VALIDATION_FAILED, 'The logo must be a PNG of at most 512 KB');
  return { sha256: createHash('sha256').update(png).digest('hex'), png };
}
