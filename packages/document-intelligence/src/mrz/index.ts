export { readMrz, type ReadMrzOptions } from './read-mrz';
export { computeCheckDigit } from './check-digit';
export { isValidMrzCountryCode } from './country-codes';
export * from './types';
export { findMrz, looksLikeMrzLine, type MrzSearch } from './find-mrz-lines';
