export { Prng } from './prng';
export { checkDigit, mrzCharValue } from './mrz/check-digit';
export { composeTd1, composeTd3, MrzIdentity } from './mrz/compose';
export { transliterateToMrz } from './mrz/transliterate';
export { detectMrzFormat, MrzCheckResult, MrzFormat, validateMrz } from './mrz/validate';
export { ALL_FAULTS, DocumentFault, FAULT_CODES, ID_CARD_ONLY_FAULTS } from './faults';
export { ALL_DEGRADATIONS, Degradation } from './degrade/degradations';
export {
  chooseLayout,
  DOCUMENT_LAYOUTS,
  DocumentLayout,
  isDocumentLayout,
  LAYOUT_DESCRIPTIONS,
  LAYOUT_DESIGNS,
  PrintedOptionalFields,
} from './document-layouts';
export { DocumentSide, ExpectedFields, GeneratedDocumentType, ImageGroundTruth } from './ground-truth';
export {
  DEFAULT_REFERENCE_DATE,
  DegradeMode,
  generateDocument,
  GeneratedDocument,
  GeneratedImage,
  GenerateOptions,
  GeneratorInputError,
} from './generate';
export { FontNotFoundError } from './render/fonts';
export { generateBatch, BatchOptions, labelsCsv, listPortraits } from './batch';
export {
  ALL_UNUSABLE_CAPTURES,
  generateUnusableCapture,
  UNUSABLE_CAPTURE_PROBLEMS,
  UnusableCapture,
  UnusableCaptureKind,
  UnusableCaptureOptions,
  UnusableCaptureTruth,
} from './unusable-captures';
export * from './proof-of-address';
