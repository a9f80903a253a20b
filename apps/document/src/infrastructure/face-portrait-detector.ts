import type { PortraitCheck, PortraitDetector } from '@kyc/document-intelligence';
import type { RelativeBox } from '../domain/side-judgement';
import { defaultPortraitSearch, type PortraitSearch } from './portrait-search-thread';

export { cropRgb } from './portrait-face-search';

/**
 * The document library's portrait port, backed by the face detector (whole page, then strips of it:
 * portrait-face-search.ts, on a worker thread: portrait-search-thread.ts). One instance per
 * analysis: it keeps the box it found (as fractions of the image the library passed, which is the
 * stored image turned by the analysis' rotation and scaled) so GetPortrait can crop it later.
 */
export class FacePortraitDetector implements PortraitDetector {
  private found: RelativeBox | undefined;

  constructor(private readonly search: PortraitSearch = defaultPortraitSearch()) {}

  get portraitBox(): RelativeBox | undefined {
    return this.found;
  }

  async detectPortrait(image: { data: Buffer; width: number; height: number }): Promise<PortraitCheck> {
    const face = await this.search(image);
    if (!face) {
      this.found = undefined;
      return { checked: true, found: false };
    }
    const { x, y, width, height } = face.box;
    this.found = { x: x / image.width, y: y / image.height, width: width / image.width, height: height / image.height };
    return { checked: true, found: true, confidence: face.score };
  }
}
