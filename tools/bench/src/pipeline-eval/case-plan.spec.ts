import { type AttackImage, DEFAULT_PLAN, type Identity, planCases, type PlanOptions } from './case-plan';

const identities: Identity[] = ['ann', 'bob', 'cat', 'dan'].map((name) => ({
  name,
  photos: [1, 2, 3].map((n) => `/data/${name}/photo${n}.jpg`),
}));
const attacks: AttackImage[] = [
  { file: '/data/spoof/img02.png', set: 'spoof-real-dev', attackType: 'replay' },
  { file: '/data/spoof/img05.jpg', set: 'spoof-real-dev', attackType: 'print' },
];
const options: PlanOptions = {
  ...DEFAULT_PLAN,
  seed: 7,
  impostors: 4,
  expired: 2,
  wrongSide: 3,
  syntheticSpoofs: 2,
  layouts: { passport: ['classic', 'right-portrait'], id_card: ['classic', 'numbered-serif', 'banded-condensed'] },
};
const identityOf = (file: string) => file.split('/')[2];

describe('eval:pipeline case plan', () => {
  const plan = planCases(identities, attacks, options);
  const of = (kind: string) => plan.filter((c) => c.kind === kind);

  it('plans the asked number of cases of each kind, each with its own id and document', () => {
    expect(of('genuine')).toHaveLength(identities.length * DEFAULT_PLAN.genuinePerIdentity);
    expect(of('impostor')).toHaveLength(4);
    expect(of('expired')).toHaveLength(2);
    expect(of('wrongSide')).toHaveLength(3);
    expect(of('spoof')).toHaveLength(attacks.length + 2);
    expect(new Set(plan.map((c) => c.id)).size).toBe(plan.length);
    expect(new Set(plan.map((c) => c.documentIndex)).size).toBe(plan.length);
  });

  it('gives a genuine case two different photos of the holder, and a third for the selfie retake', () => {
    for (const c of [...of('genuine'), ...of('expired'), ...of('wrongSide')]) {
      if (c.selfie.kind !== 'photo') throw new Error('a photo selfie');
      expect(identityOf(c.portrait)).toBe(c.holder);
      expect(c.selfie.identity).toBe(c.holder);
      expect(new Set([c.portrait, c.selfie.file, c.selfieRetake]).size).toBe(3);
      expect(identityOf(c.selfieRetake ?? '')).toBe(c.holder);
    }
  });

  it("shows an impostor's own face as the selfie, never the holder's", () => {
    for (const c of of('impostor')) {
      if (c.selfie.kind !== 'photo') throw new Error('a photo selfie');
      expect(c.selfie.identity).not.toBe(c.holder);
      expect(identityOf(c.selfie.file)).toBe(c.selfie.identity);
      expect(identityOf(c.selfieRetake ?? '')).toBe(c.selfie.identity);
    }
  });

  it('runs the wrong-side cases on ID cards, and covers every layout of each document type', () => {
    expect(of('wrongSide').every((c) => c.documentType === 'id_card')).toBe(true);
    for (const type of ['passport', 'id_card'] as const)
      expect(new Set(plan.filter((c) => c.documentType === type).map((c) => c.layout))).toEqual(new Set(options.layouts[type]));
    expect(new Set(of('genuine').map((c) => c.documentType))).toEqual(new Set(['passport', 'id_card']));
  });

  it('presents every real attack, and synthetic replays of the holder with no retake', () => {
    const spoofs = of('spoof');
    expect(spoofs.filter((c) => c.selfie.kind === 'attack').map((c) => c.selfie.file)).toEqual(attacks.map((a) => a.file));
    const synthetic = spoofs.filter((c) => c.selfie.kind === 'synthetic');
    expect(synthetic.map((c) => (c.selfie.kind === 'synthetic' ? c.selfie.attack : ''))).toEqual(['screen', 'print']);
    expect(spoofs.every((c) => c.selfieRetake === null)).toBe(true);
    expect(planCases(identities, attacks, { ...options, realSpoofs: false }).filter((c) => c.selfie.kind === 'attack')).toHaveLength(0);
  });

  it('is the same plan for the same seed and another for another seed', () => {
    expect(planCases(identities, attacks, options)).toEqual(plan);
    const other = planCases(identities, attacks, { ...options, seed: 8 });
    expect(other.map((c) => [c.portrait, c.selfie.file])).not.toEqual(plan.map((c) => [c.portrait, c.selfie.file]));
  });

  it('refuses sets it cannot plan genuine cases from', () => {
    expect(() => planCases([identities[0]], attacks, options)).toThrow(/two identities/);
    expect(() => planCases(identities, attacks, { ...options, layouts: { passport: [], id_card: [null] } })).toThrow(/no layout/);
  });
});
