/**
 * The grid every MRZ character cell is compared on. OCR-B is monospaced: one cell is the advance width
 * (723 font units) wide and spans the tallest MRZ glyphs, baseline overshoot (-14) to the digits' top (773),
 * so a cell cut from a photo at the character pitch and the line's ink band lines up with the template.
 */
export const TEMPLATE_WIDTH = 20;
export const TEMPLATE_HEIGHT = 22;
export const OCRB_ADVANCE = 723;
export const OCRB_BAND_TOP = 773;
export const OCRB_BAND_BOTTOM = -14;
/** Capital letters end at 713 units: a line without digits shows a band this share of the full one. */
export const LETTERS_ONLY_BAND_SHARE = (713 - OCRB_BAND_BOTTOM) / (OCRB_BAND_TOP - OCRB_BAND_BOTTOM);
export const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
