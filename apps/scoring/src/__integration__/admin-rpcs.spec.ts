import { randomUUID } from 'node:crypto';
import {
  common,
  evidenceScopes,
  faceMatchStatuses,
  projectEnvironments,
  type scoring,
  severities,
  signalKinds,
  signalSources,
} from '@kyc/contracts';
import { ErrorCode } from '@kyc/errors';
import { createGrpcClient, type PromiseClient, type RunningGrpcService, startGrpcService } from '@kyc/grpc';
import { createLogger } from '@kyc/logger';
import { freePort, withServiceDatabase } from '@kyc/testing';
import { DEFAULT_POLICY_SETTINGS, POLICY_REVISION } from '../domain/policy-settings';
import { createScoringDataSource } from '../infrastructure/data-source';
import { ScoringModule } from '../scoring.module';
import { wireSignal } from './wire-signals';

const environment = projectEnvironments.toWire;

/**
 * GetPolicy, SetPolicy and ListDecisions over real gRPC (the loader's handling of optional fields
 * and absent messages is part of what is tested) on a real PostgreSQL.
 */
describe('scoring admin RPCs', () => {
  let service: RunningGrpcService;
  let client: PromiseClient<scoring.ScoringServiceClient> & { close(): void };

  // Declared before the database's hooks: jest runs afterAll hooks in the order they are declared,
  // so the server closes before its data source is destroyed and the database stops.
  afterAll(async () => {
    client?.close();
    await service?.app.close();
  });

  const database = withServiceDatabase(createScoringDataSource);

  beforeAll(async () => {
    const url = `127.0.0.1:${await freePort()}`;
    service = await startGrpcService(ScoringModule.register(database.dataSource), {
      service: 'scoring',
      url,
      logger: createLogger('scoring-test', 'silent'),
    });
    client = createGrpcClient('scoring', url, { deadlineMs: 10_000 });
  }, 60_000);

  const defaults = { ...DEFAULT_POLICY_SETTINGS, weights: { ...DEFAULT_POLICY_SETTINGS.weights } };
  const weights = { detectionConfidence: 0.2, faceMatchScore: 0.6, livenessConfidence: 0.2 };

  it('answers the defaults, version 0, for an environment that never set a policy', async () => {
    const projectId = randomUUID();
    const policy = await client.getPolicy({ projectId, environment: environment('live') });
    expect(policy).toMatchObject({
      projectId,
      environment: environment('live'),
      revision: POLICY_REVISION,
      version: 0,
      effective: defaults,
      defaults,
      updatedAt: '',
    });
    expect(policy.overrides).toMatchObject({ weights: null });
    expect(policy.overrides?.autoApproveThreshold).toBeUndefined();
  });

  it('sets, reads back and replaces the overrides of one environment', async () => {
    const projectId = randomUUID();
    const set = await client.setPolicy({
      projectId,
      environment: environment('sandbox'),
      overrides: { autoApproveThreshold: 0.9, weights, lowSeverityPenalty: undefined, duplicates: 'allow' },
    });
    expect(set).toMatchObject({
      projectId,
      environment: environment('sandbox'),
      version: 1,
      overrides: { autoApproveThreshold: 0.9, weights, duplicates: 'allow' },
      effective: { autoApproveThreshold: 0.9, weights, lowSeverityPenalty: 0.05, duplicates: 'allow' },
      defaults,
    });
    expect(set.overrides?.lowSeverityPenalty).toBeUndefined();
    expect(new Date(set.updatedAt).getTime()).not.toBeNaN();
    expect(await client.getPolicy({ projectId, environment: environment('sandbox') })).toEqual(set);
    expect((await client.getPolicy({ projectId, environment: environment('live') })).version).toBe(0);

    // A zero is a setting, not an absent field.
    const replaced = await client.setPolicy({
      projectId,
      environment: environment('sandbox'),
      overrides: { autoApproveThreshold: 0, weights: undefined },
    });
    expect(replaced).toMatchObject({
      version: 2,
      overrides: { autoApproveThreshold: 0, weights: null },
      effective: { ...defaults, autoApproveThreshold: 0 },
    });
    expect(replaced.overrides?.duplicates).toBeUndefined();

    const reset = await client.setPolicy({ projectId, environment: environment('sandbox'), overrides: undefined });
    expect(reset).toMatchObject({ version: 3, effective: defaults });
    expect(reset.overrides?.autoApproveThreshold).toBeUndefined();
  });

  it('refuses invalid overrides with VALIDATION_FAILED listing every problem, and stores nothing', async () => {
    const projectId = randomUUID();
    await client.setPolicy({ projectId, environment: environment('live'), overrides: { autoApproveThreshold: 0.85, weights: undefined } });
    const refusal = client.setPolicy({
      projectId,
      environment: environment('live'),
      overrides: {
        autoApproveThreshold: 1.5,
        weights: { detectionConfidence: 0.5, faceMatchScore: 0.5, livenessConfidence: 0.5 },
        lowSeverityPenalty: -0.1,
        duplicates: 'ignore',
      },
    });
    await expect(refusal).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    const { message } = (await refusal.catch((error: unknown) => error)) as Error;
    for (const problem of [
      'autoApproveThreshold must be a number in [0, 1]',
      'weights must add up to 1, got 1.5',
      'lowSeverityPenalty must be a number in [0, 1]',
      'duplicates must be one of review, allow',
    ]) {
      expect(message).toContain(problem);
    }
    expect(await client.getPolicy({ projectId, environment: environment('live') })).toMatchObject({
      version: 1,
      overrides: { autoApproveThreshold: 0.85 },
    });
  });

  it('keeps policies to sandbox and live, saying why, with the other problems in the same answer', async () => {
    const projectId = randomUUID();
    const refusal = await client
      .setPolicy({ projectId, environment: environment('test'), overrides: { duplicates: 'never', weights: undefined } })
      .catch((error: Error) => error);
    expect(refusal).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      details: {
        problems: [
          expect.stringContaining('environment must be sandbox or live (test mode follows its personas), got "test"'),
          'duplicates must be one of review, allow',
        ],
      },
    });
    await expect(client.getPolicy({ projectId, environment: environment('test') })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: expect.stringContaining('environment must be sandbox or live'),
    });
    await expect(client.getPolicy({ projectId: 'not-a-uuid', environment: environment('live') })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: expect.stringContaining('projectId must be a UUID'),
    });
  });

  /** A sandbox attempt with everything in order, but a suspected duplicate. */
  const attempt = (projectId: string, sessionId: string, changes: Partial<scoring.DecideRequest> = {}): scoring.DecideRequest => ({
    sessionId,
    attemptId: randomUUID(),
    projectId,
    environment: environment('sandbox'),
    testMode: false,
    email: 'someone@example.com',
    signals: [],
    documentAnalysed: true,
    documentType: 'passport',
    detectionConfidence: 0.95,
    requiresBackSide: false,
    faceMatchPerformed: true,
    faceMatchScore: 0.9,
    faceMatchStatus: faceMatchStatuses.toWire('MATCHED'),
    livenessConfidence: 0.9,
    duplicateSuspected: true,
    recollectionCycles: 0,
    ...changes,
  });

  it("lists a session's decisions newest first, with the rule, the raw findings and the policy each ran with", async () => {
    const projectId = randomUUID();
    const sessionId = randomUUID();
    const specimen = wireSignal({
      name: 'document_signal',
      value: 1,
      code: 'SPECIMEN_DOCUMENT',
      source: 'document',
      kind: 'authenticity',
      severity: 'high',
      side: 'main',
      detail: 'the word SPECIMEN is printed',
    });
    const first = attempt(projectId, sessionId, { signals: [specimen] });
    await client.decide(first);
    await client.setPolicy({ projectId, environment: environment('sandbox'), overrides: { duplicates: 'allow', weights: undefined } });
    const second = attempt(projectId, sessionId);
    await client.decide(second);
    const persona = attempt(projectId, sessionId, {
      testMode: true,
      environment: environment('test'),
      email: 'alice.approved@example.com',
    });
    await client.decide(persona);
    await client.decide(attempt(randomUUID(), sessionId));

    const { decisions } = await client.listDecisions({ projectId, sessionId });
    expect(decisions.map((d) => [d.attemptId, d.outcome, d.ruleFired])).toEqual([
      [persona.attemptId, common.VerificationOutcome.VERIFICATION_OUTCOME_COMPLETED, 'test_mode_persona'],
      [second.attemptId, common.VerificationOutcome.VERIFICATION_OUTCOME_COMPLETED, 'auto_approved'],
      [first.attemptId, common.VerificationOutcome.VERIFICATION_OUTCOME_MANUAL_REVIEW, 'authenticity_signal'],
    ]);
    const [personaDecision, allowed, reviewed] = decisions;
    expect(personaDecision).toMatchObject({ environment: environment('test'), policy: null });
    expect(allowed.policy).toMatchObject({
      projectId,
      environment: environment('sandbox'),
      revision: POLICY_REVISION,
      version: 1,
      overrides: { duplicates: 'allow' },
      effective: { ...defaults, duplicates: 'allow' },
      defaults: null,
    });
    expect(allowed.explanation.find((e) => e.signal === 'duplicate_suspected')?.rule).toBe('duplicate allowed by the project policy');
    expect(reviewed).toMatchObject({
      sessionId,
      issueCodes: ['GENERIC_REVIEW'],
      nextAction: '',
      failureReason: '',
      policy: { version: 0, effective: defaults },
    });
    expect(reviewed.explanation.find((e) => e.code === 'SPECIMEN_DOCUMENT')).toEqual({
      signal: 'document:SPECIMEN_DOCUMENT',
      value: 1,
      weight: 0,
      rule: 'authenticity_signal',
      code: 'SPECIMEN_DOCUMENT',
      source: signalSources.toWire('document'),
      kind: signalKinds.toWire('authenticity'),
      severity: severities.toWire('high'),
      side: evidenceScopes.toWire('main'),
      detail: 'the word SPECIMEN is printed',
    });
    expect(new Date(reviewed.createdAt).getTime()).toBeLessThanOrEqual(new Date(allowed.createdAt).getTime());
  });

  it('lists nothing for a session of another project, and refuses ids that are not UUIDs', async () => {
    const sessionId = randomUUID();
    await client.decide(attempt(randomUUID(), sessionId));
    expect(await client.listDecisions({ projectId: randomUUID(), sessionId })).toEqual({ decisions: [] });
    await expect(client.listDecisions({ projectId: randomUUID(), sessionId: 'x' })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'sessionId must be a UUID',
    });
  });
});
