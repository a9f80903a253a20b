/**
 * `@kyc/document-intelligence/testing`: inputs for this package's tests and for the benches
 * (tools/document-intelligence-bench), never used by the analysis: the shared development data's location,
 * rendered documents, synthetic MRZ identities and a character error rate.
 */
export { characterErrorRate, MRZ_DEV_DIR, mrzDevAvailable, SHARED_DATA_DIR } from './mrz-dev';
export { renderDocument, type RenderOptions } from './render-document';
export { seededRandom, type SyntheticIdentity, syntheticIdentity } from './synthetic-mrz';
