import { ALL_POA_LAYOUTS, generateProofOfAddress, Prng, randomPoaPerson, transliterateToMrz } from '@kyc/document-generator';
import type { PoaGroundTruth } from '@kyc/document-generator';
import { ANALYZER_PACKAGE } from './analyzer';
import type { PoaOutcome } from './poa-metrics';

/** The proof-of-address part of the analyzer package, declared here so the harness builds without it. */
export interface PoaReading {
  kind: string;
  holderName: string | null;
  addressLines: string[];
  issueDate: string | null;
  textLineCount: number;
}
export interface PoaJudgement {
  status: string;
  reasons: string[];
  nameMatch: string;
}
export interface PoaLibrary {
  readProofOfAddress: (image: Buffer) => Promise<PoaReading>;
  judgeProofOfAddress: (
    reading: PoaReading,
    context: { identityName: { firstName?: string; lastName?: string; fullName?: string } | null; now: Date; maxAgeMonths: number },
  ) => PoaJudgement;
}

export function loadPoaLibrary(moduleName = ANALYZER_PACKAGE): { ok: true; library: PoaLibrary } | { ok: false; reason: string } {
  let loaded: Partial<PoaLibrary>;
  try {
    // A run-time require, as loadAnalyzer: the harness builds and tests without the analyzer package.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(moduleName) as Partial<PoaLibrary>;
  } catch (error) {
    return {
      ok: false,
      reason: `${moduleName} failed to load (${(error instanceof Error ? error.message : String(error)).split('\n')[0]})`,
    };
  }
  if (typeof loaded.readProofOfAddress !== 'function' || typeof loaded.judgeProofOfAddress !== 'function')
    return { ok: false, reason: `${moduleName} does not export readProofOfAddress() and judgeProofOfAddress()` };
  return { ok: true, library: loaded as PoaLibrary };
}

export interface PoaRecord extends PoaOutcome {
  id: string;
  truthFile: PoaGroundTruth;
  identityName: { firstName: string; lastName: string };
  wrongIdentityName: { firstName: string; lastName: string };
  error: string | null;
}

export const POA_MAX_AGE_MONTHS = 3;

/** The identity document's spelling of the holder: as printed (a VIZ) or in MRZ letters (Ö → OE), half each. */
function identitySpelling(rng: Prng, name: { firstName: string; lastName: string }): { firstName: string; lastName: string } {
  if (rng.chance(0.5)) return name;
  const mrz = (s: string): string => transliterateToMrz(s).replace(/<+/g, ' ').trim();
  return { firstName: mrz(name.firstName), lastName: mrz(name.lastName) };
}

/**
 * Generates proof-of-address pages one at a time (layouts in turn; a third clean, the rest with 0–3 capture
 * degradations), reads
 * each and judges it twice: against the holder's name as an identity document gives it, and against another
 * person's (the false-match probe).
 */
export async function runPoaSet(
  library: PoaLibrary,
  options: { count: number; seed: number; onProgress?: (done: number, total: number, record: PoaRecord) => void },
): Promise<PoaRecord[]> {
  const plan = new Prng(options.seed ^ 0x7f4a7c15);
  const records: PoaRecord[] = [];
  for (let index = 0; index < options.count; index++) {
    // Layouts in turn, so each has a quarter of the pages for its own figures.
    const layout = ALL_POA_LAYOUTS[index % ALL_POA_LAYOUTS.length];
    const { image, truth } = await generateProofOfAddress({
      seed: options.seed,
      index,
      layout,
      degrade: index % 3 === 0 ? 'clean' : 'mixed',
    });
    const identityName = identitySpelling(plan, truth.holder);
    let wrong = randomPoaPerson(plan);
    while (wrong.lastName === truth.holder.lastName || wrong.firstName === truth.holder.firstName) wrong = randomPoaPerson(plan);
    const wrongIdentityName = identitySpelling(plan, { firstName: wrong.firstName, lastName: wrong.lastName });
    const now = new Date(`${truth.referenceDate}T12:00:00Z`);
    const started = Date.now();
    let reading: PoaReading | null = null;
    let error: string | null = null;
    try {
      reading = await library.readProofOfAddress(image);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const latencyMs = Date.now() - started;
    const judge = (name: { firstName: string; lastName: string }): PoaJudgement | null =>
      reading ? library.judgeProofOfAddress(reading, { identityName: name, now, maxAgeMonths: POA_MAX_AGE_MONTHS }) : null;
    const record: PoaRecord = {
      id: truth.id,
      layout: truth.layout,
      degraded: truth.degradations.length > 0,
      fresh: truth.fresh,
      truth: { kind: truth.kind, issueDate: truth.issueDate, addressLines: truth.addressLines },
      reading,
      trueName: judge(identityName),
      wrongName: judge(wrongIdentityName),
      latencyMs,
      truthFile: truth,
      identityName,
      wrongIdentityName,
      error,
    };
    records.push(record);
    options.onProgress?.(index + 1, options.count, record);
  }
  return records;
}
