import { type PortraitDetector } from './types';

/** Used until the face library provides a detector: it says "not checked" instead of guessing. */
export const portraitNotChecked: PortraitDetector = {
  async detectPortrait() {
    return { checked: false, reason: 'no portrait detector configured' };
  },
};

/**
 * For a card back: it carries no portrait (sideCarriesPortrait), no problem code depends on one there and nothing
 * crops one from it, so the face search is not run — on a back it only took CPU from the text recogniser.
 */
export const portraitNotOnBack: PortraitDetector = {
  async detectPortrait() {
    return { checked: false, reason: 'not looked for: a card back carries no portrait' };
  },
};
