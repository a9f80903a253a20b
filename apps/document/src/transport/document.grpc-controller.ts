import { Controller } from '@nestjs/common';
import { document } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { decodeImage } from '@kyc/image-intake';
import { type DocumentSide, testModeAnalysis, testModeEvidence, unanalysedSide } from '../domain/side-analysis';
import { SideAnalysisRepository } from '../infrastructure/side-analysis.repository';

const SIDES: readonly DocumentSide[] = ['front', 'back', 'main'];
const EMPTY_EVIDENCE: Omit<document.DocumentEvidence, 'documentType' | 'analysed'> = {
  fullName: '', firstName: '', lastName: '', dateOfBirth: '', nationality: '', sex: '', documentNumber: '', issueDate: '', expiryDate: '', placeOfBirth: '', signals: [], detectionConfidence: 0, portraitAvailable: false, requiresBackSide: false, sides: [],
};

@Controller()
@document.DocumentServiceControllerMethods()
export class DocumentGrpcController implements document.DocumentServiceController {
  constructor(private readonly repository: SideAnalysisRepository) {}

  async analyzeSide(request: document.AnalyzeSideRequest): Promise<document.SideAnalysis> {
    const side = SIDES.find((s) => s === request.side);
    if (!side) throw new KycError(ErrorCode.VALIDATION_FAILED, 'side must be front, back or main');
    const decoded = await decodeImage(Buffer.from(request.image));
    const result = request.testMode ? testModeAnalysis(side) : unanalysedSide(side);
    await this.repository.save({ sessionId: request.sessionId, projectId: request.projectId, side, width: decoded.width, height: decoded.height, result });
    return { side, ...result, width: decoded.width, height: decoded.height };
  }

  async getDocumentEvidence(request: document.GetDocumentEvidenceRequest): Promise<document.DocumentEvidence> {
    if (request.testMode) return { ...EMPTY_EVIDENCE, ...testModeEvidence(request.email) };
    return { ...EMPTY_EVIDENCE, documentType: await this.repository.documentType(request.sessionId), analysed: false };
  }

  /** Sandbox/live portraits arrive with the document-intelligence wiring; until then none is found. */
  async getPortrait(_request: document.GetPortraitRequest): Promise<document.Portrait> {
    return { found: false, image: Buffer.alloc(0), side: '' };
  }

  async purgeSession(request: document.PurgeSessionRequest): Promise<document.PurgeSessionResponse> {
    return { purgedSides: await this.repository.purge(request.sessionId) };
  }
}
