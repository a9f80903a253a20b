import { existsSync } from 'node:fs';
import { OCRB_FONT } from '../mrz/ocrb/build-ocrb-templates';
import { mrzDevAvailable } from './mrz-dev';

/**
 * Suites that need an input from outside the repository (the OCR-B font from Debian, the shared
 * development data). On a developer machine without it they are skipped with a warning; under
 * CI they run, and fail with a message naming what is missing, so CI can never measure less
 * than it claims.
 */
export function requiring(available: boolean, what: string): { describe: jest.Describe; it: jest.It } {
  if (available || process.env.CI) {
    if (!available) {
      return {
        describe: ((name: string) =>
          describe(name, () =>
            it(`has ${what} (required under CI)`, () => {
              throw new Error(`${what} is missing: CI must run this suite`);
            }),
          )) as unknown as jest.Describe,
        it: ((name: string) =>
          it(name, () => {
            throw new Error(`${what} is missing: CI must run this test`);
          })) as unknown as jest.It,
      };
    }
    return { describe, it };
  }
  console.warn(`${what} is missing: skipped`);
  return { describe: describe.skip, it: it.skip };
}

export const withOcrbFont = () => requiring(existsSync(OCRB_FONT), `the OCR-B font (${OCRB_FONT}, Debian fonts-ocr-b)`);
export const withMrzDev = () => requiring(mrzDevAvailable(), 'the mrz-dev data set (../shared/data/mrz-dev)');
