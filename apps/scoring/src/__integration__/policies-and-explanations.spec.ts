import { randomUUID } from 'node:crypto';
import { faceMatchStatuses, projectEnvironments, type scoring, verificationOutcomes } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { runMigrations } from '@kyc/persistence';
import { withServiceDatabase } from '@kyc/testing';
import { POLICY_REVISION } from '../domain/policy-settings';
import { createScoringDataSource } from '../infrastructure/data-source';
import { DecisionRepository } from '../infrastructure/decision.repository';
import { PolicyRepository } from '../infrastructure/policy.repository';
import { ScoringGrpcController } from '../transport/scoring.grpc-controller';
import { wireSignal } from './wire-signals';

const outcome = verificationOutcomes.toWire;
const environment = projectEnvironments.toWire;

/** Per-project policy overrides and the stored explanation of every decision, on a real PostgreSQL. */
describe('scoring policies and decision explanations', () => {
  const database = withServiceDatabase(createScoringDataSource);
  let policies: PolicyRepository;
  let decisions: DecisionRepository;
  let controller: ScoringGrpcController;

  beforeAll(() => {
    policies = new PolicyRepository(database.dataSource);
    decisions = new DecisionRepository(database.dataSource);
    controller = new ScoringGrpcController(decisions, policies);
  });

  /** A sandbox attempt with everything in order; confidence 0.915 under the defaults. */
  const request = (projectId: string, changes: Partial<scoring.DecideRequest> = {}): scoring.DecideRequest => ({
    sessionId: randomUUID(),
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
    duplicateSuspected: false,
    recollectionCycles: 0,
    ...changes,
  });

  it('decides with the defaults and stores the decision, its rule and the policy it ran with', async () => {
    const call = request(randomUUID());
    const reply = await controller.decide(call);
    expect(reply).toMatchObject({ outcome: outcome('completed'), confidence: 0.915, issueCodes: [], nextAction: '', failureReason: '' });

    const stored = await decisions.findForAttempt(call.attemptId);
    expect(stored).toMatchObject({
      sessionId: call.sessionId,
      projectId: call.projectId,
      environment: 'sandbox',
      outcome: 'completed',
      confidence: 0.915,
      issueCodes: [],
      ruleFired: 'auto_approved',
      policy: {
        revision: POLICY_REVISION,
        overridesVersion: 0,
        overrides: {},
        settings: { autoApproveThreshold: 0.8, duplicates: 'review' },
      },
    });
    expect(stored?.explanation).toEqual(reply.explanation);
    expect(stored?.explanation.find((e) => e.signal === 'face_match_score')).toEqual({
      signal: 'face_match_score',
      value: 0.9,
      weight: 0.5,
      rule: 'weighted into confidence',
    });
  });

  it("applies one project environment's overrides and nobody else's", async () => {
    const [projectId, otherProject] = [randomUUID(), randomUUID()];
    const saved = await policies.save(projectId, 'sandbox', { autoApproveThreshold: 0.95, duplicates: 'allow' });
    expect(saved).toMatchObject({
      projectId,
      environment: 'sandbox',
      version: 1,
      overrides: { autoApproveThreshold: 0.95, duplicates: 'allow' },
    });

    const strict = request(projectId, { duplicateSuspected: true });
    expect(await controller.decide(strict)).toMatchObject({ outcome: outcome('manual_review'), issueCodes: ['GENERIC_REVIEW'] });
    const stored = await decisions.findForAttempt(strict.attemptId);
    expect(stored).toMatchObject({
      ruleFired: 'confidence_below_threshold',
      policy: {
        overridesVersion: 1,
        overrides: { autoApproveThreshold: 0.95, duplicates: 'allow' },
        settings: { autoApproveThreshold: 0.95, duplicates: 'allow' },
      },
    });
    expect(stored?.explanation.find((e) => e.signal === 'duplicate_suspected')?.rule).toBe('duplicate allowed by the project policy');

    expect(await controller.decide(request(projectId, { environment: environment('live') }))).toMatchObject({
      outcome: outcome('completed'),
    });
    expect(await controller.decide(request(otherProject))).toMatchObject({ outcome: outcome('completed') });
    expect(await controller.decide(request(otherProject, { duplicateSuspected: true }))).toMatchObject({
      outcome: outcome('manual_review'),
    });
  });

  it('replaces overrides on each save, counting versions, and goes back to the defaults on an empty one', async () => {
    const projectId = randomUUID();
    const weights = { detectionConfidence: 0.1, faceMatchScore: 0.7, livenessConfidence: 0.2 };
    await policies.save(projectId, 'live', { autoApproveThreshold: 0.99 });
    expect(await policies.save(projectId, 'live', { weights, lowSeverityPenalty: 0.1 })).toMatchObject({
      version: 2,
      overrides: { weights, lowSeverityPenalty: 0.1 },
    });
    expect((await policies.find(projectId, 'live'))?.overrides).toEqual({ weights, lowSeverityPenalty: 0.1 });
    expect(await policies.policyFor(projectId, 'live')).toMatchObject({
      overridesVersion: 2,
      settings: { autoApproveThreshold: 0.8, weights, lowSeverityPenalty: 0.1 },
    });

    expect(await policies.save(projectId, 'live', {})).toMatchObject({ version: 3, overrides: {} });
    expect(await policies.policyFor(projectId, 'live')).toMatchObject({
      overridesVersion: 3,
      settings: { autoApproveThreshold: 0.8, weights: { faceMatchScore: 0.5 } },
    });
  });

  it('refuses invalid overrides and stores nothing', async () => {
    const projectId = randomUUID();
    await policies.save(projectId, 'sandbox', { autoApproveThreshold: 0.9 });
    const invalid = [
      { autoApproveThreshold: 1.5 },
      { weights: { detectionConfidence: 0.5, faceMatchScore: 0.5, livenessConfidence: 0.5 } },
      { weights: { faceMatchScore: 1 } },
      { duplicates: 'ignore' },
      { threshold: 0.7 },
    ];
    for (const overrides of invalid) {
      await expect(policies.save(projectId, 'sandbox', overrides)).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    }
    await expect(policies.save(projectId, 'test', { autoApproveThreshold: 0.9 })).rejects.toBeInstanceOf(KycError);
    await expect(policies.save('not-a-project', 'live', {})).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    expect(await policies.find(projectId, 'sandbox')).toMatchObject({ version: 1, overrides: { autoApproveThreshold: 0.9 } });
  });

  it('has the table refuse what the domain refuses, whatever writes it', async () => {
    const write = (columns: string, values: unknown[]) =>
      database.dataSource.query(
        `INSERT INTO scoring.policies (project_id, environment, version, ${columns}) VALUES ($1, 'live', 1, ${values.map((_, i) => `$${i + 2}`).join(', ')})`,
        [randomUUID(), ...values],
      );
    await expect(write('auto_approve_threshold', [1.2])).rejects.toThrow(/check constraint/);
    await expect(write('face_match_score_weight', [1])).rejects.toThrow(/policies_weights_complete/);
    await expect(
      write('detection_confidence_weight, face_match_score_weight, liveness_confidence_weight', [0.5, 0.5, 0.5]),
    ).rejects.toThrow(/policies_weights_complete/);
    await expect(
      database.dataSource.query(`INSERT INTO scoring.policies (project_id, environment, version) VALUES ($1, 'test', 1)`, [randomUUID()]),
    ).rejects.toThrow(/check constraint/);
  });

  it('keeps internal codes and details in the stored explanation, never in the reply', async () => {
    const call = request(randomUUID(), {
      signals: [
        wireSignal({
          name: 'document_signal',
          value: 1,
          code: 'SPECIMEN_DOCUMENT',
          source: 'document',
          kind: 'authenticity',
          severity: 'high',
          side: 'main',
          detail: 'the word SPECIMEN is printed on the document',
        }),
        wireSignal({
          name: 'recorded_upload_problem',
          value: 1,
          code: 'DOCUMENT_QUALITY_TOO_LOW',
          source: 'upload',
          kind: 'recorded',
          severity: 'medium',
          side: null,
          detail: '',
        }),
      ],
    });
    const reply = await controller.decide(call);
    expect(reply).toMatchObject({ outcome: outcome('manual_review'), issueCodes: ['DOCUMENT_QUALITY_TOO_LOW', 'GENERIC_REVIEW'] });
    expect(JSON.stringify(reply)).not.toContain('SPECIMEN is printed');
    for (const entry of reply.explanation) expect(Object.keys(entry).sort()).toEqual(['rule', 'signal', 'value', 'weight']);

    const stored = await decisions.findForAttempt(call.attemptId);
    expect(stored?.issueCodes).toEqual(['DOCUMENT_QUALITY_TOO_LOW', 'GENERIC_REVIEW']);
    expect(stored?.explanation.find((e) => e.code === 'SPECIMEN_DOCUMENT')).toEqual({
      signal: 'document:SPECIMEN_DOCUMENT',
      value: 1,
      weight: 0,
      rule: 'authenticity_signal',
      code: 'SPECIMEN_DOCUMENT',
      source: 'document',
      kind: 'authenticity',
      severity: 'high',
      side: 'main',
      detail: 'the word SPECIMEN is printed on the document',
    });
  });

  it('stores failures with their reason and action-required decisions with the side, per attempt of a session', async () => {
    const projectId = randomUUID();
    const sessionId = randomUUID();
    const missingBack = request(projectId, {
      sessionId,
      signals: [
        wireSignal({
          name: 'document_signal',
          value: 1,
          code: 'MRZ_MISSING_BACK_SIDE',
          source: 'document',
          kind: 'hard',
          severity: 'high',
          side: 'back',
          detail: '',
        }),
      ],
    });
    expect(await controller.decide(missingBack)).toMatchObject({
      outcome: outcome('action_required'),
      nextAction: 'resubmit_back',
      issueCodes: ['MRZ_MISSING_BACK_SIDE'],
    });
    const expired = request(projectId, {
      sessionId,
      signals: [
        wireSignal({
          name: 'document_signal',
          value: 1,
          code: 'DOC_EXPIRED',
          source: 'document',
          kind: 'hard',
          severity: 'high',
          side: 'back',
          detail: 'expired 2020-01-31',
        }),
      ],
    });
    expect(await controller.decide(expired)).toMatchObject({ outcome: outcome('failed'), failureReason: 'KYC_013', issueCodes: [] });

    const history = await decisions.listForSession(projectId, sessionId);
    expect(history.map((d) => [d.attemptId, d.outcome, d.ruleFired, d.nextAction, d.failureReason])).toEqual([
      [expired.attemptId, 'failed', 'document_expired', '', 'KYC_013'],
      [missingBack.attemptId, 'action_required', 'back_side_without_mrz', 'resubmit_back', ''],
    ]);
  });

  it('answers test-mode personas exactly as before and stores them without a policy', async () => {
    const projectId = randomUUID();
    await policies.save(projectId, 'sandbox', { autoApproveThreshold: 1 });
    const call = request(projectId, { testMode: true, environment: environment('test'), email: 'carol.rejected@example.com' });
    expect(await controller.decide(call)).toEqual({
      outcome: outcome('rejected'),
      confidence: 0.41,
      issueCodes: ['GENERIC_REVIEW'],
      nextAction: '',
      failureReason: '',
      rejectionReason: 'Document could not be verified (test persona)',
      reviewedBy: 'test-mode-persona',
      explanation: [{ signal: 'test_persona', value: 0.41, weight: 1, rule: 'test mode persona carol.rejected@example.com is rejected' }],
    });
    expect(await decisions.findForAttempt(call.attemptId)).toMatchObject({
      outcome: 'rejected',
      ruleFired: 'test_mode_persona',
      policy: null,
      environment: 'test',
    });
  });

  it('migrates down and up again', async () => {
    await database.dataSource.undoLastMigration({ transaction: 'each' });
    const columns: { column_name: string }[] = await database.dataSource.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'scoring' AND table_name = 'decisions'`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('rule_fired');
    expect(await runMigrations(database.dataSource)).toEqual(['PoliciesAndDecisionExplanations1764115200000']);
  });
});
