import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PoliciesAndDecisionExplanations1764115200000 implements MigrationInterface {
  name = 'PoliciesAndDecisionExplanations1764115200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Per project environment overrides of the policy defaults (which live in code). A NULL column
    // means "the default". The checks repeat the domain's validation so no write path can store a
    // policy the domain would refuse; weights are all three or none, so a change of defaults never
    // leaves a stored set that no longer adds up to 1. (IS NOT NULL is spelled out: a CHECK that
    // evaluates to NULL passes.)
    await queryRunner.query(`
      CREATE TABLE scoring.policies (
        project_id uuid NOT NULL,
        environment text NOT NULL CHECK (environment IN ('sandbox', 'live')),
        auto_approve_threshold double precision CHECK (auto_approve_threshold BETWEEN 0 AND 1),
        detection_confidence_weight double precision,
        face_match_score_weight double precision,
        liveness_confidence_weight double precision,
        low_severity_penalty double precision CHECK (low_severity_penalty BETWEEN 0 AND 1),
        duplicates text CHECK (duplicates IN ('review', 'allow')),
        version integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, environment),
        CONSTRAINT policies_weights_complete CHECK (
          (detection_confidence_weight IS NULL AND face_match_score_weight IS NULL AND liveness_confidence_weight IS NULL)
          OR (detection_confidence_weight IS NOT NULL AND face_match_score_weight IS NOT NULL AND liveness_confidence_weight IS NOT NULL
              AND detection_confidence_weight BETWEEN 0 AND 1 AND face_match_score_weight BETWEEN 0 AND 1 AND liveness_confidence_weight BETWEEN 0 AND 1
              AND abs(detection_confidence_weight + face_match_score_weight + liveness_confidence_weight - 1) <= 1e-6)
        )
      )`);
    // A reviewer reads a decision whole: the rule that decided it, what the API was told, and the
    // policy it ran with (NULL for test-mode personas). Older rows keep empty values.
    await queryRunner.query(`
      ALTER TABLE scoring.decisions
        ADD COLUMN environment text NOT NULL DEFAULT '',
        ADD COLUMN rule_fired text NOT NULL DEFAULT '',
        ADD COLUMN next_action text NOT NULL DEFAULT '',
        ADD COLUMN failure_reason text NOT NULL DEFAULT '',
        ADD COLUMN policy jsonb`);
    await queryRunner.query(`CREATE INDEX decisions_attempt_idx ON scoring.decisions (attempt_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX scoring.decisions_attempt_idx');
    await queryRunner.query(`
      ALTER TABLE scoring.decisions
        DROP COLUMN policy, DROP COLUMN failure_reason, DROP COLUMN next_action, DROP COLUMN rule_fired, DROP COLUMN environment`);
    await queryRunner.query('DROP TABLE scoring.policies');
  }
}
