import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@kyc/errors';
import { withServiceDatabase } from '@kyc/testing';
import type { ServiceClients } from '../application/ports/service-clients';
import { RecordConsentUseCase } from '../application/record-consent.usecase';
import { UploadDocumentUseCase } from '../application/upload-document.usecase';
import type { SessionRecord, SessionScope } from '../domain/session';
import type { SessionStatus } from '../domain/session-status';
import { createSessionDataSource } from '../infrastructure/data-source';
import { SessionRepository } from '../infrastructure/session.repository';
import { TenancyRepository } from '../infrastructure/tenancy.repository';
import { DEFAULT_ENVIRONMENT_SETTINGS, sessionSettings } from '../domain/environment-settings';

/** The consent record (spec 2.10) on a real PostgreSQL: append-only, once per wording, required by device uploads. */
describe('consent records', () => {
  const database = withServiceDatabase(createSessionDataSource);
  let sessions: SessionRepository;
  let scope: SessionScope;
  let consent: RecordConsentUseCase;

  beforeAll(async () => {
    sessions = new SessionRepository(database.dataSource);
    scope = {
      projectId: (await new TenancyRepository(database.dataSource).createProject('Consent', 'Tests')).project.id,
      environment: 'sandbox',
    };
    consent = new RecordConsentUseCase(sessions);
  });

  async function newSession(status: SessionStatus = 'pending'): Promise<SessionRecord> {
    return sessions.transaction(async (tx) => {
      const created = await tx.insert({
        id: randomUUID(),
        projectId: scope.projectId,
        environment: 'sandbox',
        testMode: false,
        status: 'pending',
        clientMetadata: {},
        email: null,
        language: 'en',
        expiryMinutes: 30,
        expiresAt: new Date(Date.now() + 30 * 60_000),
        createdAt: new Date(),
        ...sessionSettings(DEFAULT_ENVIRONMENT_SETTINGS),
      });
      return status === 'pending' ? created : tx.update(created.id, { status });
    });
  }

  const consentRows = (sessionId: string) =>
    database.dataSource.query(
      `SELECT text_version, locale, ip_address, user_agent FROM session.consents WHERE session_id = $1 ORDER BY created_at`,
      [sessionId],
    );
  const give = (sessionId: string, textVersion = 'v1', locale = 'de-DE') =>
    consent.execute({ scope, sessionId, textVersion, locale, ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0 (test)' });

  it('records the consent with where it came from, once per wording, and a new wording on top', async () => {
    const session = await newSession();
    const first = await give(session.id);
    expect(first.recorded).toBe(true);
    expect(first.session).toMatchObject({ consentTextVersion: 'v1', consentLocale: 'de-DE', status: 'pending' });
    expect(first.session.consentAt).toBeInstanceOf(Date);

    const again = await give(session.id);
    expect(again.recorded).toBe(false);
    expect(again.session.consentAt).toEqual(first.session.consentAt);

    const reworded = await give(session.id, 'v2');
    expect(reworded.recorded).toBe(true);
    expect(reworded.session.consentTextVersion).toBe('v2');
    expect(await consentRows(session.id)).toEqual([
      { text_version: 'v1', locale: 'de-DE', ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0 (test)' },
      { text_version: 'v2', locale: 'de-DE', ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0 (test)' },
    ]);
  });

  it('keeps the records append-only: the database refuses to change or delete one', async () => {
    const session = await newSession();
    await give(session.id);
    await expect(
      database.dataSource.query(`UPDATE session.consents SET text_version = 'forged' WHERE session_id = $1`, [session.id]),
    ).rejects.toThrow(/append-only/);
    await expect(database.dataSource.query(`DELETE FROM session.consents WHERE session_id = $1`, [session.id])).rejects.toThrow(
      /append-only/,
    );
    expect(await consentRows(session.id)).toHaveLength(1);
  });

  it.each<[SessionStatus, string]>([
    ['processing', ErrorCode.SESSION_PROCESSING],
    ['completed', ErrorCode.SESSION_CLOSED],
    ['manual_review', ErrorCode.SESSION_CLOSED],
  ])('takes no consent on a %s session', async (status, code) => {
    const session = await newSession(status);
    await expect(give(session.id)).rejects.toMatchObject({ code });
    expect(await consentRows(session.id)).toEqual([]);
  });

  it('refuses a device-side upload before the consent, before anything is analysed; a server-side one does not ask', async () => {
    const analysed: string[] = [];
    const clients = {
      document: {
        analyzeSide: async ({ sessionId }: { sessionId: string }) => {
          analysed.push(sessionId);
          return {
            side: 'DOCUMENT_SIDE_MAIN',
            detectedDocumentType: 'passport',
            detectionConfidence: 0.97,
            isValidDocument: true,
            requiresBackSide: false,
            issueCodes: [],
            width: 1,
            height: 1,
            uploadId: randomUUID(),
          };
        },
        promoteSide: async () => ({}),
      },
    } as unknown as Pick<ServiceClients, 'document'>;
    const upload = new UploadDocumentUseCase(sessions, clients);
    const device = await newSession();
    const command = { scope, sessionId: device.id, side: 'main' as const, image: Buffer.from('jpeg'), consentRequired: true };
    await expect(upload.execute(command)).rejects.toMatchObject({ code: ErrorCode.CONSENT_REQUIRED });
    expect(analysed).toEqual([]);
    await give(device.id);
    await expect(upload.execute(command)).resolves.toMatchObject({ uploadedImageType: 'main' });

    const server = await newSession();
    await expect(upload.execute({ ...command, sessionId: server.id, consentRequired: false })).resolves.toMatchObject({
      uploadedImageType: 'main',
    });
  });
});
