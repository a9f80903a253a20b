export * from './mrz';
export { analyzeDocumentSide, type AnalyzeOptions } from './analysis/analyze-document-side';
export { compareSides, type SideComparison } from './analysis/compare-sides';
export { buildExtractedData, lostLettersOf, mrzNamesMayMissLetters, toSubmitExtractedData } from './analysis/extracted-data';
export { portraitNotChecked } from './analysis/portrait-detector';
export * from './analysis/types';
export { type VizReading, readViz } from './viz/read-viz';
export { type ImageQuality } from './quality/measure-quality';
export { type OcrLine, type OcrWord } from './ocr/types';
