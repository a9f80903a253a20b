import type { Branding } from '../../domain/branding';
import type { EnvironmentName } from '../../domain/environment';

export type StoredBranding = Branding & { projectId: string; environment: EnvironmentName; updatedAt: Date | null };

/** A logo to store beside a branding change: the PNG and its sha256. */
export interface LogoUpload {
  sha256: string;
  png: Buffer;
}

/** Per-environment branding and the logos it references. */
export interface BrandingStore {
  /** The environment's branding (the defaults until changed); NOT_FOUND for an unknown project. */
  branding(projectId: string, environment: EnvironmentName): Promise<StoredBranding>;
  /** The branding of the environment an active publishable key belongs to, or null. */
  brandingByPublishableKey(publishableKey: string): Promise<StoredBranding | null>;
  /**
   * Writes the branding `change` computes from the current one under a lock on it, storing `logo`
   * first when given; a logo no environment references any more is deleted in the same transaction.
   */
  updateBranding(
    projectId: string,
    environment: EnvironmentName,
    change: (current: Branding) => Branding,
    logo: LogoUpload | null,
  ): Promise<StoredBranding>;
  logo(sha256: string): Promise<Buffer | null>;
}
