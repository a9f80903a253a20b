import { analyzeDocumentSide, type ProblemCode } from '@kyc/document-intelligence';
import { ErrorCode, KycError } from '@kyc/errors';
import { decodeImage } from '@kyc/image-intake';
import type { Logger } from '@kyc/logger';
import { type CombinedEvidence, choosePortraitSide, combineSides } from '../domain/document-evidence';
import { type DocumentSide, type SideAnalysisResult, testModeAnalysis } from '../domain/side-analysis';
import { compareCardSides, judgeUpload, type RecordedSide, recordSide } from '../domain/side-judgement';
import { FacePortraitDetector } from '../infrastructure/face-portrait-detector';
import type { ImageCipher } from '../infrastructure/image-cipher';
import { cropPortrait } from '../infrastructure/portrait-cropper';
import type { PromotedSide, SideAnalysisRepository } from '../infrastructure/side-analysis.repository';
import { DocumentStageMetrics } from '../infrastructure/stage-metrics';

export interface AnalyzeSideCommand {
  sessionId: string;
  projectId: string;
  side: DocumentSide;
  image: Buffer;
  testMode: boolean;
  dataGeneration: number;
}

export type AnalysedSide = SideAnalysisResult & { side: DocumentSide; width: number; height: number; uploadId: string };

export interface CroppedPortrait {
  side: DocumentSide;
  jpeg: Buffer;
}

/** The sides of one card that must show the same document. */
const OTHER_CARD_SIDE: Partial<Record<DocumentSide, DocumentSide>> = { front: 'back', back: 'front' };

/**
 * Sandbox and live document handling: every side is decoded and stripped (image intake), stored
 * encrypted, read by the document library with the face detector as its portrait port, and
 * recorded; evidence and the portrait are built from what was recorded. Test mode stores the
 * image but answers from the personas.
 */
export class DocumentAnalysisService {
  private readonly stageMetrics = new DocumentStageMetrics();

  constructor(
    private readonly sides: SideAnalysisRepository,
    private readonly cipher: ImageCipher,
    private readonly logger: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async analyzeSide(command: AnalyzeSideCommand): Promise<AnalysedSide> {
    // Undecodable, truncated or oversized input is a KYC_006 here, before anything is stored.
    const decodeStarted = performance.now();
    const intake = await decodeImage(command.image);
    this.stageMetrics.recordDecode(performance.now() - decodeStarted);
    const image = { format: intake.format, sealed: this.cipher.seal(intake.image, imageContext(command.sessionId, command.side)) };
    const size = { width: intake.width, height: intake.height };
    if (command.testMode) {
      const answer = testModeAnalysis(command.side);
      const uploadId = await this.sides.save({ ...command, ...size, answer, analysis: null, image });
      return { side: command.side, ...answer, ...size, uploadId };
    }

    const detector = new FacePortraitDetector();
    // The library reads the stored re-encode, so the portrait box fits the image we keep.
    const analysis = await analyzeDocumentSide(intake.image, { side: command.side, portraitDetector: detector, now: this.clock() });
    this.stageMetrics.recordAnalysis(analysis);
    const recorded = recordSide(analysis, detector.portraitBox);
    const crossSide = await this.crossSideProblems(command.sessionId, recorded);
    const verdict = judgeUpload(recorded, crossSide);
    const answer = { ...verdict, analysed: !recorded.failure };
    const uploadId = await this.sides.save({ ...command, ...size, answer, analysis: recorded, image });
    // Codes and figures only: names, numbers, dates and signal details stay out of the logs.
    this.logger.info(
      {
        sessionId: command.sessionId,
        side: command.side,
        documentType: recorded.documentType,
        detectionConfidence: recorded.detectionConfidence,
        problems: recorded.problems,
        issueCodes: verdict.issueCodes,
        signals: recorded.authenticitySignals.map((s) => s.code),
        mrz: recorded.mrz ? { format: recorded.mrz.format, valid: recorded.mrz.valid } : null,
        portrait: { checked: recorded.portrait.checked, found: recorded.portrait.found },
        rotation: recorded.rotation,
        analysisMs: recorded.analysisMs,
      },
      'document side analysed',
    );
    if (recorded.failure)
      this.logger.warn(
        { sessionId: command.sessionId, side: command.side, failure: recorded.failure },
        'document side could not be analysed',
      );
    // A card back is never searched for a portrait (it carries none); anywhere else an unchecked portrait is worth a look.
    if (!recorded.portrait.checked && command.side !== 'back')
      this.logger.warn({ sessionId: command.sessionId, side: command.side, reason: recorded.portrait.reason }, 'portrait not checked');
    return { side: command.side, ...answer, ...size, uploadId };
  }

  /** The session accepted the upload: it becomes the session's side (see SideAnalysisRepository). */
  async promote(sessionId: string, side: DocumentSide, uploadId: string): Promise<void> {
    if (!(await this.sides.promote(sessionId, side, uploadId))) {
      // Swept (the session took longer than UPLOAD_CANDIDATE_TTL_MS to accept it) or never stored: the caller uploads again.
      throw new KycError(ErrorCode.SERVICE_UNAVAILABLE, 'The uploaded side is no longer held; upload it again');
    }
  }

  /** Deletes the candidates no session promoted in time: refused retakes, uploads that lost a race. */
  async sweepCandidates(ttlMs: number): Promise<number> {
    const deleted = await this.sides.deleteStaleCandidates(new Date(this.clock().getTime() - ttlMs));
    if (deleted) this.logger.info({ deleted }, 'unpromoted document uploads deleted');
    return deleted;
  }

  async evidence(sessionId: string): Promise<CombinedEvidence> {
    const sides = await this.sides.analysedSides(sessionId);
    return combineSides(sides, compareCardSides(sides), this.clock());
  }

  /** The portrait with its margin, or null when no analysed side shows one. */
  async portrait(sessionId: string): Promise<CroppedPortrait | null> {
    const side = choosePortraitSide(await this.sides.analysedSides(sessionId));
    if (!side?.portrait.box) return null;
    const stored = await this.sides.sealedImage(sessionId, side.side);
    if (!stored) return null;
    const image = this.cipher.open(stored.sealed, imageContext(sessionId, side.side));
    const jpeg = await cropPortrait(image, side.rotation, side.portrait.box);
    return jpeg ? { side: side.side, jpeg } : null;
  }

  /** The promoted sides as the reviewer's case view reads them (issue 29). */
  reviewSides(sessionId: string): Promise<PromotedSide[]> {
    return this.sides.promotedSides(sessionId);
  }

  /** One promoted side's image, decrypted for the reviewer's case view; null once purged or never uploaded. */
  async sideImage(sessionId: string, side: DocumentSide): Promise<{ image: Buffer; mediaType: string } | null> {
    const stored = await this.sides.sealedImage(sessionId, side);
    if (!stored) return null;
    return {
      image: this.cipher.open(stored.sealed, imageContext(sessionId, side)),
      mediaType: stored.format === 'png' ? 'image/png' : 'image/jpeg',
    };
  }

  /** Removes the session's images, analyses and extracted data (up to a data generation); returns how many sides went. */
  async purge(sessionId: string, throughGeneration: number | null = null): Promise<number> {
    const purged = await this.sides.purge(sessionId, throughGeneration);
    this.logger.info({ sessionId, throughGeneration, purgedSides: purged }, 'document state purged');
    return purged;
  }

  /**
   * Front and back that disagree are raised at the upload of the second, as a retake problem: two documents as
   * DOCUMENT_MIXING_SUSPECTED, one card whose printed front disagrees with its MRZ as MRZ_CROSS_LOW_SCORE.
   */
  private async crossSideProblems(sessionId: string, uploaded: RecordedSide): Promise<ProblemCode[]> {
    const otherName = OTHER_CARD_SIDE[uploaded.side];
    const other = otherName ? await this.sides.analysedSide(sessionId, otherName) : null;
    if (!other) return [];
    const comparison = compareCardSides([uploaded, other]);
    if (comparison?.mixingSuspected) return ['DOCUMENT_MIXING_SUSPECTED'];
    return comparison?.zonesDisagree ? ['MRZ_CROSS_LOW_SCORE'] : [];
  }
}

/** Binds each ciphertext to its session and side (authenticated, not secret). */
export function imageContext(sessionId: string, side: DocumentSide): string {
  return `document-image:${sessionId}:${side}`;
}
