import { createHash, randomUUID } from 'node:crypto';
import { type biometrics, common, type document } from '@kyc/contracts';
import { ErrorCode } from '@kyc/errors';
import { createLogger } from '@kyc/logger';
import { withServiceDatabase } from '@kyc/testing';
import type { ServiceClients } from '../application/ports/service-clients';
import { SessionQueries } from '../application/session-queries.usecase';
import { SubmitVerificationUseCase } from '../application/submit-verification.usecase';
import { TenancyUseCases } from '../application/tenancy.usecases';
import { VerificationEvidenceGatherer } from '../application/verification-evidence';
import { duplicateKey } from '../domain/duplicate-key';
import { DEFAULT_ENVIRONMENT_SETTINGS, type EnvironmentSettings, sessionSettings } from '../domain/environment-settings';
import type { SessionRecord, SessionScope } from '../domain/session';
import { createSessionDataSource } from '../infrastructure/data-source';
import { LegacyDuplicateKeys } from '../infrastructure/legacy-duplicate-keys';
import { SessionRepository } from '../infrastructure/session.repository';
import { TenancyRepository } from '../infrastructure/tenancy.repository';
import { toSettingsMessage, toVerificationMessage } from '../transport/session-messages';
import { decisionOf, PASSPORT_EVIDENCE, readySession, TEST_DUPLICATE_KEY_SECRET } from './session-fixtures';

/**
 * The vault reuse policy on a real PostgreSQL, with the document, biometrics and scoring services
 * faked at the session service's client port: a person verified before completes with a selfie
 * alone when it matches the earlier verification's enrolled face; otherwise a document is needed.
 */
const logger = createLogger('vault-reuse-test', 'silent');

const REUSE: EnvironmentSettings = { ...DEFAULT_ENVIRONMENT_SETTINGS, vaultReuseEnabled: true, vaultReuseMaxAgeDays: 365 };

const wireMatch = (status: common.FaceMatchStatus, score: number): biometrics.FaceMatch => ({
  status,
  score,
  performed: true,
  detail: '',
  livenessConfidence: 0.95,
  duplicate: { suspected: false, matches: 0, reason: '', matchedSessionIds: [] },
});

class FakeServices {
  evidence: document.DocumentEvidence = PASSPORT_EVIDENCE;
  enrolledMatch = wireMatch(common.FaceMatchStatus.FACE_MATCH_STATUS_MATCHED, 0.88);
  readonly enrolledRequests: biometrics.MatchEnrolledRequest[] = [];

  readonly clients = {
    document: { getDocumentEvidence: async () => this.evidence },
    biometrics: {
      matchFace: async () => wireMatch(common.FaceMatchStatus.FACE_MATCH_STATUS_MATCHED, 0.91),
      matchEnrolled: async (request: biometrics.MatchEnrolledRequest) => {
        this.enrolledRequests.push(request);
        return this.enrolledMatch;
      },
    },
    scoring: { decide: async () => decisionOf() },
  } as unknown as Pick<ServiceClients, 'document' | 'biometrics' | 'scoring'>;
}

describe('vault reuse (real PostgreSQL)', () => {
  const database = withServiceDatabase(createSessionDataSource);
  let sessions: SessionRepository;
  let tenancy: TenancyRepository;
  let scope: SessionScope;
  let fake: FakeServices;

  beforeAll(async () => {
    sessions = new SessionRepository(database.dataSource);
    tenancy = new TenancyRepository(database.dataSource);
    scope = { projectId: (await tenancy.createProject('Vault', 'Tests')).project.id, environment: 'sandbox' };
  });
  beforeEach(() => {
    fake = new FakeServices();
  });

  const query = <T>(sql: string, params: unknown[]) => database.dataSource.query(sql, params) as Promise<T[]>;
  const submit = (sessionId: string, at: SessionScope = scope) =>
    new SubmitVerificationUseCase(
      sessions,
      new VerificationEvidenceGatherer(fake.clients, TEST_DUPLICATE_KEY_SECRET),
      { leaseMs: 60_000, analysisDeadlineMs: 5_000 },
      logger,
    ).execute(at, sessionId);
  const outboxOf = (sessionId: string) =>
    query<{ type: string; payload: Record<string, unknown> }>(
      `SELECT type, payload FROM session.outbox WHERE session_id = $1 ORDER BY position`,
      [sessionId],
    );

  /** A person of their own: each spec's identity hash differs from the others'. */
  const person = () => {
    const lastName = `P${randomUUID()
      .replace(/[^a-f]/g, '')
      .toUpperCase()}`;
    return { ...PASSPORT_EVIDENCE, lastName, fullName: `ERIKA ${lastName}` };
  };

  /** A verification completed the normal way (document and selfie), of `identity`. */
  async function verified(email: string, at: SessionScope = scope, settings = REUSE, identity = person()): Promise<SessionRecord> {
    fake.evidence = identity;
    const session = await readySession(sessions, at, email, settings);
    const outcome = await submit(session.id, at);
    expect(outcome.session.status).toBe('completed');
    return outcome.session;
  }

  /** A connected session with only a live selfie in. */
  function selfieOnly(email: string, at: SessionScope = scope, settings = REUSE): Promise<SessionRecord> {
    return sessions.transaction(async (tx) => {
      const created = await tx.insert({
        id: randomUUID(),
        projectId: at.projectId,
        environment: at.environment,
        testMode: at.environment === 'test',
        status: 'connected',
        clientMetadata: { email, customerId: 'c-7' },
        email: email.trim().toLowerCase(),
        language: 'en',
        expiryMinutes: 30,
        expiresAt: new Date(Date.now() + 30 * 60_000),
        createdAt: new Date(),
        ...sessionSettings(settings),
      });
      return tx.update(created.id, { uploads: { face: true } });
    });
  }

  const email = () => `reuse-${randomUUID()}@example.com`;

  it('settings: off, 365 days and charge until changed; changed per environment, validated, kept by the session as created', async () => {
    const useCases = new TenancyUseCases(tenancy);
    const { project } = await tenancy.createProject('Vault settings', 'Tests');
    expect(await useCases.settings(project.id, 'live')).toMatchObject({
      vaultReuseEnabled: false,
      vaultReuseMaxAgeDays: 365,
      vaultReuseBilling: 'charge',
      updatedAt: null,
    });
    await useCases.updateSettings(project.id, 'live', { vaultReuseEnabled: true });
    const changed = await useCases.updateSettings(project.id, 'live', { vaultReuseMaxAgeDays: 90, vaultReuseBilling: 'free' });
    expect(changed).toMatchObject({
      ...DEFAULT_ENVIRONMENT_SETTINGS,
      vaultReuseEnabled: true,
      vaultReuseMaxAgeDays: 90,
      vaultReuseBilling: 'free',
    });
    expect(toSettingsMessage('live', changed)).toMatchObject({
      vaultReuseEnabled: true,
      vaultReuseMaxAgeDays: 90,
      vaultReuseBilling: 'free',
    });
    expect(await useCases.settings(project.id, 'sandbox')).toMatchObject({ vaultReuseEnabled: false });
    await expect(useCases.updateSettings(project.id, 'live', { vaultReuseMaxAgeDays: 731 })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    });
    await expect(useCases.updateSettings(project.id, 'live', { vaultReuseBilling: 'sometimes' as never })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    });

    const live: SessionScope = { projectId: project.id, environment: 'live' };
    const session = await selfieOnly(email(), live, await useCases.settings(project.id, 'live'));
    await useCases.updateSettings(project.id, 'live', { vaultReuseEnabled: false });
    // A change mid-flow does not change the rules of a session already created.
    expect(await sessions.find(live, session.id)).toMatchObject({
      vaultReuseEnabled: true,
      vaultReuseMaxAgeDays: 90,
      vaultReuseBilling: 'free',
    });
  });

  it('duplicate keys are keyed HMACs: the stored identity key and the e-mail key sent are not plain SHA-256', async () => {
    const address = email();
    const identity = person();
    const earlier = await verified(address, scope, REUSE, identity);
    const plain = (text: string) => createHash('sha256').update(text).digest('hex');
    const identityText = `${identity.lastName} ${identity.firstName}|${identity.dateOfBirth}`;
    const [stored] = await query<{ identity_key: string; duplicate_key_version: number }>(
      `SELECT a.identity_key, a.duplicate_key_version FROM session.attempts a JOIN session.sessions s ON s.latest_attempt_id = a.id WHERE s.id = $1`,
      [earlier.id],
    );
    expect(stored.identity_key).not.toBe(plain(identityText));
    expect(stored).toEqual({ identity_key: duplicateKey(TEST_DUPLICATE_KEY_SECRET, identityText), duplicate_key_version: 1 });

    await submit((await selfieOnly(address)).id);
    expect(fake.enrolledRequests[0].emailKey).toBe(duplicateKey(TEST_DUPLICATE_KEY_SECRET, address));
    expect(fake.enrolledRequests[0].emailKey).not.toBe(plain(address));
  });

  it('a legacy plain SHA-256 identity key is re-keyed in place, and vault reuse still finds the person under another e-mail', async () => {
    const identity = person();
    const earlier = await verified(email(), scope, REUSE, identity);
    const identityText = `${identity.lastName} ${identity.firstName}|${identity.dateOfBirth}`;
    // As the previous release stored it.
    await query(
      `UPDATE session.attempts SET identity_key = $2, duplicate_key_version = 0 WHERE id = (SELECT latest_attempt_id FROM session.sessions WHERE id = $1)`,
      [earlier.id, createHash('sha256').update(identityText).digest('hex')],
    );
    expect(await new LegacyDuplicateKeys(database.dataSource, TEST_DUPLICATE_KEY_SECRET).rekeyAll()).toBeGreaterThanOrEqual(1);
    expect(await new LegacyDuplicateKeys(database.dataSource, TEST_DUPLICATE_KEY_SECRET).rekeyAll()).toBe(0);
    const [stored] = await query<{ identity_key: string; duplicate_key_version: number }>(
      `SELECT a.identity_key, a.duplicate_key_version FROM session.attempts a JOIN session.sessions s ON s.latest_attempt_id = a.id WHERE s.id = $1`,
      [earlier.id],
    );
    expect(stored).toEqual({ identity_key: duplicateKey(TEST_DUPLICATE_KEY_SECRET, identityText), duplicate_key_version: 1 });
  });

  it('a matching selfie completes with isReused and the earlier attempt data; the face match is the new one', async () => {
    const address = email();
    const earlier = await verified(address);
    // The same e-mail as the integrator typed it: normalised as for every session.
    const session = await selfieOnly(`  ${address.toUpperCase()} `);

    const outcome = await submit(session.id);
    expect(outcome.session.status).toBe('completed');
    expect(fake.enrolledRequests).toEqual([
      expect.objectContaining({ sessionId: session.id, projectId: scope.projectId, enrolledSessionId: earlier.id, testMode: false }),
    ]);
    expect(fake.enrolledRequests[0].emailKey).toMatch(/^[0-9a-f]{64}$/);

    const { session: read, attempt } = await sessions.findWithLatestAttempt(scope, session.id);
    expect(attempt).toMatchObject({
      status: 'success',
      isReused: true,
      confidence: 0.93,
      documentType: 'passport',
      faceMatchStatus: 'MATCHED',
      faceMatchScore: 0.88,
      extractedData: expect.objectContaining({ fullName: fake.evidence.fullName, dateOfBirth: '1964-08-12', documentNumber: 'C01X00T47' }),
    });
    expect(read.status).toBe('completed');
    // The verification read (spec 2.9) as the gateway gets it.
    const view = await new SessionQueries(sessions, tenancy).getVerification(scope, session.id);
    expect(toVerificationMessage(view).verification).toMatchObject({ isReused: true, faceMatchScore: 0.88, documentType: 'passport' });

    const earlierAttempt = await sessions.findAttempt(earlier.latestAttemptId);
    const [row] = await query<{ reused: string; identity: string }>(
      `SELECT reused_attempt_id AS reused, identity_key AS identity FROM session.attempts WHERE id = $1`,
      [attempt!.id],
    );
    expect(row.reused).toBe(earlierAttempt!.id);
    expect(row.identity).toMatch(/^[0-9a-f]{64}$/);

    const events = await outboxOf(session.id);
    expect(events).toEqual([expect.objectContaining({ type: 'verification.completed' })]);
    expect(events[0].payload).toMatchObject({
      isReused: true,
      freeOfCharge: false,
      confidence: 0.93,
      documentType: 'passport',
      extractedData: expect.objectContaining({ fullName: fake.evidence.fullName }),
    });
    expect(JSON.stringify(events[0].payload)).not.toContain('C01X00T47');
    // An ordinary completion says it is not a reuse.
    expect((await outboxOf(earlier.id))[0].payload).toMatchObject({ isReused: false, freeOfCharge: false });
  });

  it('with the policy free, the completion event says it is not billed', async () => {
    const free: EnvironmentSettings = { ...REUSE, vaultReuseBilling: 'free' };
    const address = email();
    await verified(address, scope, free);
    const session = await selfieOnly(address, scope, free);
    await submit(session.id);
    expect((await outboxOf(session.id))[0].payload).toMatchObject({ isReused: true, freeOfCharge: true });
  });

  it('a different face does not reuse: the session is given back and a document is asked for', async () => {
    const address = email();
    await verified(address);
    const session = await selfieOnly(address);
    fake.enrolledMatch = wireMatch(common.FaceMatchStatus.FACE_MATCH_STATUS_NOT_MATCHED, 0.05);
    await expect(submit(session.id)).rejects.toMatchObject({
      code: ErrorCode.UPLOADS_MISSING,
      message: expect.stringContaining('identity document'),
    });
    const { session: after, attempt } = await sessions.findWithLatestAttempt(scope, session.id);
    expect(after.status).toBe('connected');
    expect(attempt).toMatchObject({ status: 'abandoned', isReused: false });
    expect(await outboxOf(session.id)).toEqual([]);

    // A low score is not a match either.
    fake.enrolledMatch = wireMatch(common.FaceMatchStatus.FACE_MATCH_STATUS_LOW_SCORE, 0.5);
    await expect(submit(session.id)).rejects.toMatchObject({ code: ErrorCode.UPLOADS_MISSING });
  });

  it('a face also enrolled under another identity is not reused; the same identity under another e-mail is, with the signal', async () => {
    const address = email();
    await verified(address);
    const session = await selfieOnly(address);
    fake.enrolledMatch = {
      ...fake.enrolledMatch,
      duplicate: { suspected: true, matches: 1, reason: 'different_identity', matchedSessionIds: ['an-earlier-session'] },
    };
    await expect(submit(session.id)).rejects.toMatchObject({
      code: ErrorCode.UPLOADS_MISSING,
      message: expect.stringContaining('cannot be reused'),
    });
    expect((await sessions.find(scope, session.id)).status).toBe('connected');

    fake.enrolledMatch = {
      ...fake.enrolledMatch,
      duplicate: { suspected: true, matches: 1, reason: 'different_email', matchedSessionIds: ['an-earlier-session'] },
    };
    expect((await submit(session.id)).session.status).toBe('completed');
    expect((await sessions.findAttempt((await sessions.find(scope, session.id)).latestAttemptId))?.duplicateSuspected).toBe(true);
    expect((await outboxOf(session.id))[0].payload).toMatchObject({ isReused: true, duplicate: { suspected: true } });
  });

  it('an earlier verification older than the maximum age is not reused, and biometrics is not asked', async () => {
    const address = email();
    const earlier = await verified(address);
    await query(`UPDATE session.attempts SET decided_at = now() - interval '366 days' WHERE id = $1`, [earlier.latestAttemptId]);
    const session = await selfieOnly(address);
    await expect(submit(session.id)).rejects.toMatchObject({
      code: ErrorCode.UPLOADS_MISSING,
      message: expect.stringContaining('no earlier verification'),
    });
    expect(fake.enrolledRequests).toEqual([]);
    expect((await sessions.find(scope, session.id)).status).toBe('connected');

    // Within a longer age it is.
    const longer = await selfieOnly(address, scope, { ...REUSE, vaultReuseMaxAgeDays: 400 });
    expect((await submit(longer.id)).session.status).toBe('completed');
  });

  it('never across environments or projects', async () => {
    const address = email();
    await verified(address);
    const live: SessionScope = { ...scope, environment: 'live' };
    const inLive = await selfieOnly(address, live);
    await expect(submit(inLive.id, live)).rejects.toMatchObject({ code: ErrorCode.UPLOADS_MISSING });

    const other: SessionScope = { projectId: (await tenancy.createProject('Other', 'Tests')).project.id, environment: 'sandbox' };
    const inOther = await selfieOnly(address, other);
    await expect(submit(inOther.id, other)).rejects.toMatchObject({ code: ErrorCode.UPLOADS_MISSING });
    expect(fake.enrolledRequests).toEqual([]);
  });

  it('never a rejected or purged verification, nor a reused one', async () => {
    const address = email();
    const earlier = await verified(address);
    await query(`UPDATE session.sessions SET status = 'rejected' WHERE id = $1`, [earlier.id]);
    const first = await selfieOnly(address);
    await expect(submit(first.id)).rejects.toMatchObject({ code: ErrorCode.UPLOADS_MISSING });

    await query(`UPDATE session.sessions SET status = 'completed' WHERE id = $1`, [earlier.id]);
    await sessions.transaction((tx) => tx.requestPurge(earlier.id, earlier.dataGeneration));
    await expect(submit(first.id)).rejects.toMatchObject({ code: ErrorCode.UPLOADS_MISSING });
    expect(fake.enrolledRequests).toEqual([]);

    // A reuse points at the original document verification, never at another reuse.
    const original = await verified(email());
    const reused = await selfieOnly(original.email!);
    await submit(reused.id);
    const again = await selfieOnly(original.email!);
    await submit(again.id);
    expect(fake.enrolledRequests.map((r) => r.enrolledSessionId)).toEqual([original.id, original.id]);
  });

  it('the same identity verified later under another e-mail is found through the identity hash', async () => {
    const first = email();
    const erika = person();
    await verified(first, scope, REUSE, erika);
    const later = await verified(email(), scope, REUSE, erika);
    const session = await selfieOnly(first);
    await submit(session.id);
    // The most recent verification of the person: the one under the other e-mail.
    expect(fake.enrolledRequests.at(-1)?.enrolledSessionId).toBe(later.id);
  });

  it('with the policy off, or with a document in, the normal path runs', async () => {
    const address = email();
    await verified(address);
    const off = await selfieOnly(address, scope, DEFAULT_ENVIRONMENT_SETTINGS);
    await expect(submit(off.id)).rejects.toMatchObject({
      code: ErrorCode.UPLOADS_MISSING,
      message: 'Upload the document before submitting',
    });

    const withDocument = await readySession(sessions, scope, address, REUSE);
    const outcome = await submit(withDocument.id);
    expect(outcome.session.status).toBe('completed');
    expect((await sessions.findAttempt(outcome.attempt.id))?.isReused).toBe(false);
    expect(fake.enrolledRequests).toEqual([]);
  });

  it('a completed reuse answers the same outcome on a repeated submit', async () => {
    const address = email();
    await verified(address);
    const session = await selfieOnly(address);
    const first = await submit(session.id);
    const repeated = await submit(session.id);
    expect(repeated.attempt.id).toBe(first.attempt.id);
    expect(fake.enrolledRequests).toHaveLength(1);
  });
});
