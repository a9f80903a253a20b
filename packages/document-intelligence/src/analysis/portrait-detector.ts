import { type PortraitDetector } from './types';

/** Used until the face library provides a detector: it says "not checked" instead of guessing. */
export const portraitNotChecked: PortraitDetector = {
  async detectPortrait() {
    return { checked: false, reason: 'no portrait detector configured' };
  },
};
