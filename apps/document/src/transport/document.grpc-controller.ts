import { Controller } from '@nestjs/common';
import { common, document, documentSides, evidenceScopes, severities, signalKinds } from '@kyc/contracts';
import { AdmissionGate, requireWire } from '@kyc/grpc';
import { DocumentAnalysisService } from '../application/document-analysis.service';
import { ProofOfAddressService } from '../application/proof-of-address.service';
import { testModeEvidence } from '../domain/side-analysis';

const EMPTY_EVIDENCE: Omit<document.DocumentEvidence, 'documentType' | 'analysed'> = {
  fullName: '',
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  nationality: '',
  sex: '',
  documentNumber: '',
  issueDate: '',
  expiryDate: '',
  placeOfBirth: '',
  signals: [],
  detectionConfidence: 0,
  portraitAvailable: false,
  requiresBackSide: false,
  sides: [],
};

@Controller()
@document.DocumentServiceControllerMethods()
export class DocumentGrpcController implements document.DocumentServiceController {
  constructor(
    private readonly documents: DocumentAnalysisService,
    private readonly proofOfAddress: ProofOfAddressService,
    /** Caps the analyses (OCR, MRZ, portrait search, PDF rasterising) running and waiting at once. */
    private readonly admission: AdmissionGate,
  ) {}

  async analyzeSide(request: document.AnalyzeSideRequest): Promise<document.SideAnalysis> {
    const side = requireWire(documentSides, request.side, 'side');
    const {
      analysed: _analysed,
      side: analysedSide,
      ...answer
    } = await this.admission.run(() =>
      this.documents.analyzeSide({
        sessionId: request.sessionId,
        projectId: request.projectId,
        side,
        image: Buffer.from(request.image),
        testMode: request.testMode,
        dataGeneration: request.dataGeneration,
      }),
    );
    return { ...answer, side: documentSides.toWire(analysedSide) };
  }

  async promoteSide(request: document.PromoteSideRequest): Promise<document.PromoteSideResponse> {
    const side = requireWire(documentSides, request.side, 'side');
    await this.documents.promote(request.sessionId, side, request.uploadId);
    return {};
  }

  async getDocumentEvidence(request: document.GetDocumentEvidenceRequest): Promise<document.DocumentEvidence> {
    if (request.testMode) return { ...EMPTY_EVIDENCE, ...testModeEvidence(request.email) };
    const evidence = await this.documents.evidence(request.sessionId);
    if (evidence.sides.length === 0) return { ...EMPTY_EVIDENCE, documentType: '', analysed: false };
    return {
      ...EMPTY_EVIDENCE,
      ...evidence.extractedData,
      documentType: evidence.documentType,
      analysed: evidence.analysed,
      signals: evidence.signals.map((signal) => ({
        ...signal,
        kind: signalKinds.toWire(signal.kind),
        severity: severities.toWire(signal.severity),
        side: evidenceScopes.toWire(signal.side),
      })),
      detectionConfidence: evidence.detectionConfidence,
      portraitAvailable: evidence.portraitSide !== null,
      requiresBackSide: evidence.requiresBackSide,
      sides: evidence.sides.map(documentSides.toWire),
    };
  }

  async getPortrait(request: document.GetPortraitRequest): Promise<document.Portrait> {
    const portrait = await this.documents.portrait(request.sessionId);
    return portrait
      ? { found: true, image: portrait.jpeg, side: documentSides.toWire(portrait.side) }
      : { found: false, image: Buffer.alloc(0), side: common.DocumentSide.DOCUMENT_SIDE_UNSPECIFIED };
  }

  async getReviewEvidence(request: document.GetReviewEvidenceRequest): Promise<document.ReviewEvidence> {
    const sides = await this.documents.reviewSides(request.sessionId);
    return {
      sides: sides.map(({ side, detectedDocumentType, detectionConfidence, analysis, imageAvailable }) => ({
        side: documentSides.toWire(side),
        detectedDocumentType,
        detectionConfidence,
        extracted: stringEntries(analysis?.extractedData),
        mrzFields: stringEntries(analysis?.readings?.mrz),
        mrzPresent: Boolean(analysis?.mrz),
        mrzValid: analysis?.mrz?.valid ?? false,
        mrzFailedCheckDigits: analysis?.mrz?.failedCheckDigits ?? [],
        vizFields: stringEntries(analysis?.readings?.viz),
        problems: analysis?.problems ?? [],
        imageAvailable,
      })),
    };
  }

  async getSideImage(request: document.GetSideImageRequest): Promise<document.SideImage> {
    const side = requireWire(documentSides, request.side, 'side');
    const found = await this.documents.sideImage(request.sessionId, side);
    return found
      ? { found: true, image: found.image, mediaType: found.mediaType }
      : { found: false, image: Buffer.alloc(0), mediaType: '' };
  }

  async purgeSession(request: document.PurgeSessionRequest): Promise<document.PurgeSessionResponse> {
    const throughGeneration = request.throughGeneration ?? null;
    await this.proofOfAddress.purge(request.sessionId, throughGeneration);
    return { purgedSides: await this.documents.purge(request.sessionId, throughGeneration) };
  }

  async analyzeProofOfAddress(request: document.AnalyzeProofOfAddressRequest): Promise<document.ProofOfAddressAnalysis> {
    return this.admission.run(() => this.proofOfAddress.analyze({ ...request, document: Buffer.from(request.document) }));
  }
}

/** A record's string values only (proto maps carry strings). */
function stringEntries(record: object | undefined | null): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
}
