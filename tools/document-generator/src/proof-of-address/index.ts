export {
  ALL_POA_LAYOUTS,
  formatDate,
  KIND_OF_LAYOUT,
  otherPoaPerson,
  type PoaKind,
  type PoaLayout,
  type PoaPerson,
  randomPoaPerson,
} from './poa-content';
export { type PoaGroundTruth } from './poa-ground-truth';
export { generateProofOfAddress, type GeneratedPoa, POA_DEGRADATIONS, type PoaDegradeMode, type PoaGenerateOptions } from './generate-poa';
