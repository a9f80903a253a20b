import { Prng } from '@kyc/document-generator';

/**
 * Which verifications `npm run eval:pipeline` runs: plain data, planned from the identities and
 * attack images found and a seed, so the same seed plans the same cases (and the tests can check
 * the plan without a stack).
 */
export type CaseKind = 'genuine' | 'impostor' | 'expired' | 'wrongSide' | 'spoof';
export const CASE_KINDS: readonly CaseKind[] = ['genuine', 'impostor', 'expired', 'wrongSide', 'spoof'];
export type EvalDocumentType = 'passport' | 'id_card';

export interface Identity {
  name: string;
  /** Paths of the identity's photos (at least two for a genuine case). */
  photos: string[];
}

export interface AttackImage {
  file: string;
  set: string;
  attackType: string;
}

/** What is shown as the selfie. */
export type SelfieSource =
  | { kind: 'photo'; file: string; identity: string }
  /** A real presentation attack from spoof-real-dev / spoof-dev, as captured. */
  | { kind: 'attack'; file: string; set: string; attackType: string }
  /** A synthetic screen replay or print of a photo of the document holder (@kyc/face/testing simulators). */
  | { kind: 'synthetic'; file: string; identity: string; attack: 'screen' | 'print' };

export interface PlannedCase {
  id: string;
  kind: CaseKind;
  documentType: EvalDocumentType;
  /** The generator's layout, or null when the generator offers none to choose. */
  layout: string | null;
  /** The document holder: a faces-real-dev identity, or the attack image for real attacks. */
  holder: string;
  /** The photo printed as the document's portrait. */
  portrait: string;
  selfie: SelfieSource;
  /** Another photo of the selfie's person, for one selfie retake when an upload or the submit asks for a new selfie. */
  selfieRetake: string | null;
  /** generateDocument's seed and index: the document. */
  documentSeed: number;
  documentIndex: number;
  /** Seeds the mild captures of this case's document (first capture, retake). */
  captureSeed: number;
}

export interface PlanOptions {
  seed: number;
  /** Genuine cases per identity (passport and ID card in turn). */
  genuinePerIdentity: number;
  impostors: number;
  expired: number;
  wrongSide: number;
  /** Synthetic replay/print attacks of a holder's photo. */
  syntheticSpoofs: number;
  /** Use every real attack image given (true) or none. */
  realSpoofs: boolean;
  /** Layouts per document type, taken in turn; [null] when the generator has no layout option. */
  layouts: Record<EvalDocumentType, (string | null)[]>;
}

export const DEFAULT_PLAN: Omit<PlanOptions, 'layouts'> = {
  seed: 2026,
  genuinePerIdentity: 2,
  impostors: 10,
  expired: 6,
  wrongSide: 6,
  syntheticSpoofs: 4,
  realSpoofs: true,
};

/** n distinct items of `items` in a seeded order (all of them when n ≥ length). */
function shuffled<T>(rng: Prng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export function planCases(identities: readonly Identity[], attacks: readonly AttackImage[], options: PlanOptions): PlannedCase[] {
  const usable = identities.filter((i) => i.photos.length >= 2);
  if (usable.length < 2) throw new Error('eval:pipeline needs at least two identities with two photos each');
  for (const type of ['passport', 'id_card'] as const)
    if (options.layouts[type].length === 0) throw new Error(`no layout for ${type} (pass [null] for the generator's default)`);
  const rng = new Prng(options.seed);
  const cases: PlannedCase[] = [];
  const layoutTurn: Record<EvalDocumentType, number> = { passport: 0, id_card: 0 };
  const nextLayout = (type: EvalDocumentType): string | null => options.layouts[type][layoutTurn[type]++ % options.layouts[type].length];
  let documentIndex = 0;
  const add = (
    kind: CaseKind,
    documentType: EvalDocumentType,
    rest: Pick<PlannedCase, 'holder' | 'portrait' | 'selfie' | 'selfieRetake'>,
  ) => {
    const n = cases.filter((c) => c.kind === kind).length + 1;
    cases.push({
      id: `${kind}-${String(n).padStart(3, '0')}`,
      kind,
      documentType,
      layout: nextLayout(documentType),
      ...rest,
      documentSeed: options.seed,
      documentIndex: documentIndex++,
      captureSeed: Math.floor(rng.next() * 2 ** 31),
    });
  };
  /** Portrait, selfie and retake photos of one person, all different (retake null with two photos only). */
  const threePhotos = (identity: Identity): [string, string, string | null] => {
    const [a, b, c] = shuffled(rng, identity.photos);
    return [a, b, c ?? null];
  };
  const sameperson = (identity: Identity) => {
    const [portrait, selfie, retake] = threePhotos(identity);
    return {
      holder: identity.name,
      portrait,
      selfie: { kind: 'photo' as const, file: selfie, identity: identity.name },
      selfieRetake: retake,
    };
  };

  usable.forEach((identity, i) => {
    for (let g = 0; g < options.genuinePerIdentity; g++) add('genuine', (i + g) % 2 === 0 ? 'passport' : 'id_card', sameperson(identity));
  });
  for (let k = 0; k < options.impostors; k++) {
    const [holder, other] = shuffled(rng, usable);
    const [portrait] = threePhotos(holder);
    const [selfie, retake] = threePhotos(other);
    add('impostor', k % 2 === 0 ? 'passport' : 'id_card', {
      holder: holder.name,
      portrait,
      selfie: { kind: 'photo', file: selfie, identity: other.name },
      selfieRetake: retake,
    });
  }
  for (let k = 0; k < options.expired; k++) add('expired', k % 2 === 0 ? 'passport' : 'id_card', sameperson(rng.pick(usable)));
  for (let k = 0; k < options.wrongSide; k++) add('wrongSide', 'id_card', sameperson(rng.pick(usable)));
  if (options.realSpoofs) {
    attacks.forEach((attack, k) =>
      add('spoof', k % 2 === 0 ? 'passport' : 'id_card', {
        // The attacker presents the holder's own face: the attack image is the printed portrait too.
        holder: `${attack.set}/${attack.file.split('/').pop()}`,
        portrait: attack.file,
        selfie: { kind: 'attack', ...attack },
        selfieRetake: null,
      }),
    );
  }
  for (let k = 0; k < options.syntheticSpoofs; k++) {
    const identity = rng.pick(usable);
    const [portrait, shown] = threePhotos(identity);
    add('spoof', k % 2 === 0 ? 'passport' : 'id_card', {
      holder: identity.name,
      portrait,
      selfie: { kind: 'synthetic', file: shown, identity: identity.name, attack: k % 2 === 0 ? 'screen' : 'print' },
      selfieRetake: null,
    });
  }
  return cases;
}
