export * from './analyzer';
export * from './metrics';
export { loadLabelledSet, LabelledImage, DatasetError } from './datasets';
export {
  CaptureRecord,
  runGeneratedSet,
  runUnusableCaptures,
  summarizeGenerated,
  GeneratedRecord,
  GeneratedReport,
} from './generated-eval';
export { runLabelledSet, summarizeLabelled, LabelledRecord, LabelledReport } from './labelled-eval';
