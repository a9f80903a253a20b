import { judgeProofOfAddress, readProofOfAddress } from '@kyc/document-intelligence';
import { ErrorCode, KycError } from '@kyc/errors';
import { decodeImage } from '@kyc/image-intake';
import type { Logger } from '@kyc/logger';
import { isPoaMediaType, type PoaDocumentOutcome, type PoaMediaType, TEST_MODE_POA_OUTCOME } from '../domain/proof-of-address';
import type { ImageCipher } from '../infrastructure/image-cipher';
import type { PdfRasteriser } from '../infrastructure/pdf/pdf-rasteriser';
import type { ProofOfAddressRepository } from '../infrastructure/proof-of-address.repository';
import type { DocumentAnalysisService } from './document-analysis.service';

export interface AnalyzeProofOfAddressCommand {
  jobId: string;
  sessionId: string;
  projectId: string;
  /** Empty on a retry: the stored document is analysed. */
  document: Buffer;
  mediaType: string;
  maxAgeMonths: number;
  dataGeneration: number;
  testMode: boolean;
}

/**
 * Proof of address: validate (a PDF is rendered, page one, in a worker with limits; an image is
 * decoded under the pixel limit), store encrypted under the job id, read with the document OCR
 * and judge against the session's identity document. Validation comes before storage, so a
 * refused file (KYC_006) leaves nothing behind. Idempotent per job: a retry without the file
 * analyses the stored copy, and a job analysed before answers its stored outcome.
 */
export class ProofOfAddressService {
  constructor(
    private readonly documents: ProofOfAddressRepository,
    private readonly sides: Pick<DocumentAnalysisService, 'evidence'>,
    private readonly cipher: ImageCipher,
    private readonly rasteriser: Pick<PdfRasteriser, 'render'>,
    private readonly logger: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async analyze(command: AnalyzeProofOfAddressCommand): Promise<PoaDocumentOutcome> {
    const stored = await this.documents.find(command.jobId);
    if (stored && stored.sessionId !== command.sessionId) throw new KycError(ErrorCode.NOT_FOUND, 'Proof-of-address job not found');
    if (stored?.outcome) return stored.outcome;

    let original: Buffer;
    let mediaType: PoaMediaType;
    let maxAgeMonths: number;
    if (stored) {
      original = this.cipher.open(stored.sealed, poaContext(stored.sessionId, stored.jobId));
      ({ mediaType, maxAgeMonths } = stored);
    } else {
      if (command.document.length === 0) throw new KycError(ErrorCode.NOT_FOUND, 'Proof-of-address job not found');
      if (!isPoaMediaType(command.mediaType)) throw new KycError(ErrorCode.IMAGE_INVALID, 'The document must be a PDF, JPG or PNG');
      original = command.document;
      mediaType = command.mediaType;
      maxAgeMonths = command.maxAgeMonths;
    }

    const page = await this.pageImage(original, mediaType);
    if (!stored) {
      // A PDF is kept as uploaded (it is the evidence); an image as the intake re-encoded it (metadata stripped).
      const kept = mediaType === 'pdf' ? original : page;
      await this.documents.save({
        jobId: command.jobId,
        sessionId: command.sessionId,
        projectId: command.projectId,
        dataGeneration: command.dataGeneration,
        mediaType,
        maxAgeMonths,
        sealed: this.cipher.seal(kept, poaContext(command.sessionId, command.jobId)),
      });
    }
    const outcome = command.testMode ? TEST_MODE_POA_OUTCOME : await this.judge(command.sessionId, page, maxAgeMonths);
    const recorded = await this.documents.recordOutcome(command.jobId, outcome);
    this.logger.info(
      { jobId: command.jobId, status: recorded.status, reasons: recorded.reasons, kind: recorded.documentKind },
      'proof of address analysed',
    );
    return recorded;
  }

  async purge(sessionId: string, throughGeneration: number | null): Promise<number> {
    return this.documents.purge(sessionId, throughGeneration);
  }

  /** Page one as a PNG or JPEG the OCR reads; every failure of the file itself is KYC_006. */
  private async pageImage(file: Buffer, mediaType: PoaMediaType): Promise<Buffer> {
    if (mediaType === 'pdf') return (await this.rasteriser.render(file)).png;
    return (await decodeImage(file)).image;
  }

  private async judge(sessionId: string, page: Buffer, maxAgeMonths: number): Promise<PoaDocumentOutcome> {
    const reading = await readProofOfAddress(page);
    const evidence = await this.sides.evidence(sessionId);
    const { firstName, lastName, fullName } = evidence.extractedData;
    const identityName = firstName || lastName || fullName ? { firstName, lastName, fullName } : null;
    const judgement = judgeProofOfAddress(reading, { identityName, now: this.clock(), maxAgeMonths });
    return { status: judgement.status, reasons: [...judgement.reasons], documentKind: reading.kind };
  }
}

export function poaContext(sessionId: string, jobId: string): string {
  return `poa:${sessionId}:${jobId}`;
}
