import { LAYOUTS } from '../layouts';
import { readZeroAtLineStart, type ScoredLine, settleStateCodes } from './check-digit-rescoring';
import { layoutGrammar } from './layout-grammar';

const TD3 = LAYOUTS.find((l) => l.format === 'TD3')!;
const grammar = layoutGrammar(TD3);
const line1 = 'PCAZEABDULLAYEV<<DIL<<<<<<<<<<<<<<<<<<<<<<<<';

/** Lines as decoded, where reading place `x` of line `l` as `c` costs `costs[l:x:c]` nats (10 when not given). */
function scored(lines: string[], costs: Record<string, number>): ScoredLine[] {
  return lines.map((text, l) => ({
    text,
    allowed: grammar[l],
    cost: (x, c) => (c === text[x] ? 0 : (costs[`${l}:${x}:${c}`] ?? 10)),
  }));
}

describe('state codes settled to codes that exist', () => {
  const line2 = 'C193895647AZF9408148M28081525188L2V<<<<<<<42';

  it("reads a nationality no state has as the issuer's, one near change away (AZF beside AZE)", () => {
    const lines = [line1, line2];
    const settled = settleStateCodes(TD3, scored(lines, { '1:12:E': 5.2 }), lines);
    expect(settled.lines[1].slice(10, 13)).toBe('AZE');
    expect(settled.substitutions).toEqual(['2:13 F→E (5.20)']);
  });

  it('leaves it when the change costs more than a near tie and the prior together', () => {
    const lines = [line1, line2];
    expect(settleStateCodes(TD3, scored(lines, { '1:12:E': 9 }), lines).lines).toEqual(lines);
  });

  it("takes another state's code only as a near tie (under 4 nats)", () => {
    const lines = ['P<UTOERIKSSON<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<', 'L898902C36DEX7408122F1204159<<<<<<<<<<<<<<<2'];
    expect(settleStateCodes(TD3, scored(lines, { '1:12:U': 5 }), lines).lines).toEqual(lines);
    expect(settleStateCodes(TD3, scored(lines, { '1:12:U': 3 }), lines).lines[1].slice(10, 13)).toBe('DEU');
  });

  it('never changes a code that exists', () => {
    const lines = [line1, 'C193895647AZE9408148M28081525188L2V<<<<<<<42'];
    expect(settleStateCodes(TD3, scored(lines, { '1:12:F': 0.1 }), lines).lines).toEqual(lines);
  });
});

describe('a 0 at the start of a line', () => {
  it('reads a number that opens its line with O with a 0 there, even where the checks then fail', () => {
    const lines = ['POAFGSPECIMEN<<SPECIMEN<<<<<<<<<<<<<<<<<<<<<', 'O0120186<8AFG8001014M1710135<<<<<<<<<<<<<<<4'];
    const read = readZeroAtLineStart(TD3, lines);
    expect(read.lines[1]).toBe('00120186<8AFG8001014M1710135<<<<<<<<<<<<<<<4');
    expect(read.substitutions).toEqual(['2:1 O→0 (line start)']);
  });

  it('leaves an O further along the number, and a layout whose number does not open a line', () => {
    const lines = [line1, 'C1O3895647AZE9408148M28081525188L2V<<<<<<<42'];
    expect(readZeroAtLineStart(TD3, lines).lines).toEqual(lines);
    const TD1 = LAYOUTS.find((l) => l.format === 'TD1')!;
    const card = ['I<UTOO23XS12346<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
    expect(readZeroAtLineStart(TD1, card).lines).toEqual(card);
  });
});
