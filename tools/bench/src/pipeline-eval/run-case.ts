import type { ApiAnswer, SandboxClient } from '../sandbox';
import { type CaseOutcome, outcomeBase, type SelfieRefusal } from './aggregate';
import { type PlannedCase } from './case-plan';
import { captureOf, type DocumentSides } from './documents';

/**
 * One eval case over HTTP as a user would go through it: upload the document side by side (a side
 * the API asks to retake is photographed again, once: a new capture of the same document; the card
 * back shown as its front is followed by the real front), the selfie (refused as not live, or
 * unusable at submit: one new selfie, another photo of the same person), submit, then read the
 * verification and the scoring decision.
 */

type Body = Record<string, unknown> & { errorCode?: string; details?: unknown; issues?: Array<{ code: string }> };

const RETAKE_ERRORS = new Set(['KYC_007', 'KYC_015']);
const NEW_SELFIE_ERRORS = new Set(['KYC_021', 'KYC_022']);
/** The first capture and up to two retakes of one side (each retake for a problem the side had not shown yet). */
const MAX_UPLOADS_PER_SIDE = 3;

export interface CaseContext {
  /** The client with the key of the project this case runs in. */
  client: SandboxClient;
  /** For the decisions read; null when no admin token is known. */
  admin: { client: SandboxClient; projectId: string } | null;
  document: DocumentSides;
  selfie: Buffer;
  selfieRetake: Buffer | null;
}

/**
 * A 503 is the API's retryable SERVICE_UNAVAILABLE (a service still starting, or the analysis admission queue full):
 * a client waits and sends the same request again, so the eval does too rather than count a run error (seed 2026's
 * first two uploads met the document service still loading its models).
 */
const UNAVAILABLE_RETRIES = 5;
const UNAVAILABLE_WAIT_MS = 2_000;

async function retryingUnavailable<T extends { status: number }>(send: () => Promise<T>): Promise<T> {
  let answer = await send();
  for (let retry = 0; retry < UNAVAILABLE_RETRIES && answer.status === 503; retry++) {
    await new Promise((resolve) => setTimeout(resolve, UNAVAILABLE_WAIT_MS));
    answer = await send();
  }
  return answer;
}

const reasonCodeOf = (body: Body): string => {
  const details = body.details;
  if (details && typeof details === 'object' && 'reasonCode' in details) return String((details as { reasonCode: unknown }).reasonCode);
  return typeof details === 'string' ? details : '';
};

export async function runCase(c: PlannedCase, context: CaseContext, dataDir = ''): Promise<CaseOutcome> {
  const outcome: CaseOutcome = {
    ...outcomeBase(c, dataDir),
    final: 'error',
    retakes: [],
    uploadIssues: [],
    selfieRefusals: [],
    selfieResubmits: [],
    issues: [],
    failureReason: null,
    ruleFired: null,
    firedSignals: [],
    faceMatch: { status: null, score: null },
    confidence: null,
  };
  const { client } = context;
  try {
    const created = await client.createSession({ email: `${c.id}@eval.example.com` });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    const sessionId = created.body.id;

    /**
     * Uploads one capture; while the API asks for a retake, a new capture of `retakeImage`. The same
     * problem twice is accepted and recorded (spec part 3), so this ends; a user asked again for
     * another problem retakes again, up to MAX_UPLOADS_PER_SIDE.
     */
    const uploadSide = async (side: string, firstImage: Buffer, retakeImage: Buffer) => {
      const first = (await captureOf(c, side, 0, firstImage)).jpeg;
      let answer = (await retryingUnavailable(async () => client.uploadDocument(sessionId, first, side))) as ApiAnswer<Body>;
      for (
        let attempt = 1;
        attempt < MAX_UPLOADS_PER_SIDE && answer.status === 400 && RETAKE_ERRORS.has(String(answer.body.errorCode));
        attempt++
      ) {
        outcome.retakes.push({ side, errorCode: String(answer.body.errorCode), reasonCode: reasonCodeOf(answer.body) });
        const retake = (await captureOf(c, side, attempt, retakeImage)).jpeg;
        answer = (await retryingUnavailable(async () => client.uploadDocument(sessionId, retake, side, true))) as ApiAnswer<Body>;
      }
      if (answer.status === 400 && RETAKE_ERRORS.has(String(answer.body.errorCode)))
        outcome.retakes.push({ side, errorCode: String(answer.body.errorCode), reasonCode: reasonCodeOf(answer.body) });
      if (answer.status !== 200) throw new Error(`upload ${side}: ${answer.status} ${JSON.stringify(answer.body)}`);
      outcome.uploadIssues.push(...(answer.body.issues ?? []).map((i) => i.code));
    };

    const { clean } = context.document;
    if (c.documentType === 'passport') {
      if (!clean.main) throw new Error('the passport has no main page');
      await uploadSide('main', clean.main, clean.main);
    } else {
      if (!clean.front || !clean.back) throw new Error('the card has no front or back');
      // Wrong side: the back photographed as the front; the user's retake is the real front.
      await uploadSide('front', c.kind === 'wrongSide' ? clean.back : clean.front, clean.front);
      await uploadSide('back', clean.back, clean.back);
    }

    /** The selfie, and one new one if the first is refused; false when none got in. */
    let selfieRetakeUsed = false;
    const uploadSelfie = async (): Promise<boolean> => {
      for (const image of [context.selfie, context.selfieRetake]) {
        if (!image) break;
        if (image === context.selfieRetake) selfieRetakeUsed = true;
        const answer = (await retryingUnavailable(async () => client.uploadFace(sessionId, image))) as ApiAnswer<Body>;
        if (answer.status === 200) return true;
        if (answer.status !== 422 && answer.status !== 400) throw new Error(`upload face: ${answer.status} ${JSON.stringify(answer.body)}`);
        outcome.selfieRefusals.push({
          errorCode: String(answer.body.errorCode),
          details: String(answer.body.details ?? ''),
        } satisfies SelfieRefusal);
      }
      return false;
    };
    if (!(await uploadSelfie())) {
      outcome.final = 'selfie_refused';
      return outcome;
    }

    let submitted = (await retryingUnavailable(async () => client.submit(sessionId))) as ApiAnswer<Body>;
    if (submitted.status === 400 && NEW_SELFIE_ERRORS.has(String(submitted.body.errorCode))) {
      outcome.selfieResubmits.push(String(submitted.body.errorCode));
      const retake = context.selfieRetake;
      if (selfieRetakeUsed || !retake) {
        outcome.final = 'selfie_unusable';
        return outcome;
      }
      const answer = (await retryingUnavailable(async () => client.uploadFace(sessionId, retake))) as ApiAnswer<Body>;
      if (answer.status !== 200) {
        outcome.selfieRefusals.push({ errorCode: String(answer.body.errorCode), details: String(answer.body.details ?? '') });
        outcome.final = 'selfie_refused';
        return outcome;
      }
      submitted = (await retryingUnavailable(async () => client.submit(sessionId))) as ApiAnswer<Body>;
      if (submitted.status === 400 && NEW_SELFIE_ERRORS.has(String(submitted.body.errorCode))) {
        outcome.selfieResubmits.push(String(submitted.body.errorCode));
        outcome.final = 'selfie_unusable';
        return outcome;
      }
    }
    outcome.issues = (submitted.body.issues ?? []).map((i) => i.code);

    const read = (await client.verification(sessionId)) as ApiAnswer<Body & { status: string; verification?: Record<string, unknown> }>;
    const status = read.body.status;
    if (!['completed', 'manual_review', 'action_required', 'failed'].includes(status))
      throw new Error(`after submit (${submitted.status} ${JSON.stringify(submitted.body)}) the session is ${status}`);
    outcome.final = status as CaseOutcome['final'];
    const verification = read.body.verification ?? {};
    outcome.failureReason = (verification.failureReason as string | null | undefined) ?? null;
    outcome.confidence = typeof verification.confidence === 'number' ? verification.confidence : null;
    outcome.faceMatch = {
      status: (verification.faceMatchStatus as string | undefined) ?? null,
      score: typeof verification.faceMatchScore === 'number' ? verification.faceMatchScore : null,
    };
    if (outcome.issues.length === 0) outcome.issues = (read.body.issues ?? []).map((i) => i.code);
    if (context.admin) await readDecision(context.admin, sessionId, outcome);
  } catch (error) {
    outcome.final = 'error';
    outcome.error = error instanceof Error ? error.message : String(error);
  }
  return outcome;
}

interface ExplanationLine {
  signal: string;
  value: number;
  rule: string;
  code?: string;
}

/** The scoring decision as a reviewer reads it: the rule that decided, the lines that made it fire, the face match it saw. */
async function readDecision(admin: { client: SandboxClient; projectId: string }, sessionId: string, outcome: CaseOutcome): Promise<void> {
  const answer = await admin.client.call<{ decisions: Array<{ ruleFired: string; explanation: ExplanationLine[] }> }>(
    'GET',
    `/admin/v1/projects/${admin.projectId}/sessions/${sessionId}/decisions`,
  );
  const decision = answer.status === 200 ? answer.body.decisions[0] : undefined;
  if (!decision) return;
  outcome.ruleFired = decision.ruleFired;
  outcome.firedSignals = decision.explanation
    .filter((line) => line.rule === decision.ruleFired && !line.signal.startsWith('outcome:'))
    .map((line) => (line.code ? `${line.signal}(${line.code})` : line.signal));
  const faceStatus = decision.explanation.find((line) => line.signal.startsWith('face_match_status:'));
  const faceScore = decision.explanation.find((line) => line.signal === 'face_match_score');
  if (faceStatus && !outcome.faceMatch.status) outcome.faceMatch.status = faceStatus.signal.slice('face_match_status:'.length);
  if (faceScore && outcome.faceMatch.score === null) outcome.faceMatch.score = faceScore.value;
}
