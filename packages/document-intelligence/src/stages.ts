/**
 * `@kyc/document-intelligence/stages`: the analysis' steps one at a time, for benches and diagnostics that time
 * them apart or look at what each made of an image (tools/document-intelligence-bench). The apps use the main
 * entry point (`analyzeDocumentSide` runs all of them); nothing here is needed to analyse a document.
 */
export { decodeImage, type DecodeResult } from './image/decode-image';
export { getOcrSessions, ocrThreads } from './ocr/sessions';
export { detectTextBoxes } from './ocr/detect-text-boxes';
export { mergeLineFragments } from './ocr/merge-line-fragments';
export { isLongLine, lengthen, type OrientedBox } from './ocr/oriented-box';
export { recogniseTexts } from './ocr/recognise-text';
export { detectLongLines } from './ocr/run-ocr';
export { normaliseMrzLine } from './mrz/character-repair';
export { readLineByTemplate, type TemplateLineReading } from './mrz/ocrb/read-line-by-template';
export { greyStrip, MIN_CHARACTER_SCORE, MRZ_LINE_LENGTHS, readMrzRegionsByTemplate } from './mrz/ocrb/read-mrz-regions';
export { recogniseMrzStrip } from './mrz/recogniser/mrz-recogniser-session';
export { greyMrzStrip } from './mrz/recogniser/read-mrz-regions-by-model';
