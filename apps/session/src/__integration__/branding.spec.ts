import { createHash } from 'node:crypto';
import { ErrorCode } from '@kyc/errors';
import { withServiceDatabase } from '@kyc/testing';
import { BrandingUseCases } from '../application/branding.usecases';
import { DEFAULT_BRANDING } from '../domain/branding';
import { BrandingRepository } from '../infrastructure/branding.repository';
import { createSessionDataSource } from '../infrastructure/data-source';
import { TenancyRepository } from '../infrastructure/tenancy.repository';

/** A real PNG signature followed by distinct bytes: the store only checks the signature (the gateway decodes). */
const png = (marker: string) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(marker)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('branding per environment (real PostgreSQL)', () => {
  const database = withServiceDatabase(createSessionDataSource);
  let tenancy: TenancyRepository;
  let branding: BrandingUseCases;
  let projectId: string;
  let sandboxPublishableKey: string;

  beforeAll(async () => {
    tenancy = new TenancyRepository(database.dataSource);
    branding = new BrandingUseCases(new BrandingRepository(database.dataSource));
    const created = await tenancy.createProject('Branded', 'Tests');
    projectId = created.project.id;
    sandboxPublishableKey = created.pairs.find((p) => p.environment === 'sandbox')!.publishable.value;
  });

  const logoCount = async (digest: string) =>
    Number((await database.dataSource.query(`SELECT count(*) AS n FROM session.branding_logos WHERE sha256 = $1`, [digest]))[0].n);

  it('answers the defaults until changed, and a change for one environment only', async () => {
    expect(await branding.branding(projectId, 'live')).toMatchObject({ ...DEFAULT_BRANDING, updatedAt: null });
    const changed = await branding.update(projectId, 'sandbox', {
      change: { colorPrimary: '#0B6E4F', cornerRadiusPx: 4 },
      removeLogo: false,
    });
    expect(changed).toMatchObject({ colorPrimary: '#0b6e4f', cornerRadiusPx: 4, colorText: DEFAULT_BRANDING.colorText });
    expect(changed.updatedAt).toBeInstanceOf(Date);
    expect((await branding.branding(projectId, 'sandbox')).colorPrimary).toBe('#0b6e4f');
    expect((await branding.branding(projectId, 'live')).colorPrimary).toBe(DEFAULT_BRANDING.colorPrimary);
  });

  it('refuses an illegible change whole and keeps what was stored', async () => {
    const before = await branding.branding(projectId, 'sandbox');
    await expect(
      branding.update(projectId, 'sandbox', { change: { cornerRadiusPx: 20, colorOnPrimary: '#d0d0d0' }, removeLogo: false }),
    ).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      details: { problems: [expect.stringMatching(/^colorOnPrimary on colorPrimary/)] },
    });
    expect(await branding.branding(projectId, 'sandbox')).toEqual(before);
  });

  it('judges contrast against what is stored, not the defaults', async () => {
    await branding.update(projectId, 'live', {
      change: {
        colorText: '#f2f2f2',
        colorSurface: '#1c1c1e',
        colorBackground: '#000000',
        colorPrimary: '#7aa2ff',
        colorOnPrimary: '#000000',
      },
      removeLogo: false,
    });
    // Light text alone is legible on the stored dark surface (it would not be on the default white).
    await expect(branding.update(projectId, 'live', { change: { colorText: '#e0e0e0' }, removeLogo: false })).resolves.toMatchObject({
      colorText: '#e0e0e0',
    });
  });

  it('finds the branding by an active publishable key, and not by a revoked or foreign one', async () => {
    expect((await branding.brandingByPublishableKey(sandboxPublishableKey)).colorPrimary).toBe('#0b6e4f');
    await expect(branding.brandingByPublishableKey('sk_sandbox_notapublishablekey')).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    await tenancy.rotate(projectId, 'sandbox');
    await expect(branding.brandingByPublishableKey(sandboxPublishableKey)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('stores a logo once by its digest, and deletes it when no environment uses it any more', async () => {
    const first = png('first logo');
    const second = png('second logo');
    const a = await branding.update(projectId, 'sandbox', { change: {}, logoPng: first, removeLogo: false });
    await branding.update(projectId, 'test', { change: {}, logoPng: first, removeLogo: false });
    expect(a.logoSha256).toBe(sha256(first));
    expect((await branding.logo(sha256(first))).png.equals(first)).toBe(true);
    expect(await logoCount(sha256(first))).toBe(1);

    await branding.update(projectId, 'sandbox', { change: {}, logoPng: second, removeLogo: false });
    expect(await logoCount(sha256(first))).toBe(1); // still the test environment's
    await branding.update(projectId, 'test', { change: {}, removeLogo: true });
    expect(await logoCount(sha256(first))).toBe(0);
    await expect(branding.logo(sha256(first))).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect((await branding.branding(projectId, 'sandbox')).logoSha256).toBe(sha256(second));
  });

  it('refuses a logo that is not a PNG, and an unknown project', async () => {
    await expect(
      branding.update(projectId, 'sandbox', { change: {}, logoPng: Buffer.from('GIF89a'), removeLogo: false }),
    ).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    await expect(branding.branding('00000000-0000-4000-8000-000000000000', 'sandbox')).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    await expect(branding.logo('../etc/passwd')).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('serialises two first changes of an environment: neither is lost', async () => {
    const { project } = await tenancy.createProject('Racing', 'Tests');
    await Promise.all([
      branding.update(project.id, 'sandbox', { change: { colorPrimary: '#0b6e4f' }, removeLogo: false }),
      branding.update(project.id, 'sandbox', { change: { cornerRadiusPx: 2 }, removeLogo: false }),
    ]);
    expect(await branding.branding(project.id, 'sandbox')).toMatchObject({ colorPrimary: '#0b6e4f', cornerRadiusPx: 2 });
  });
});
