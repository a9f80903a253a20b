import { TD3 } from '../layouts';
import { computeCheckDigit } from '../check-digit';
import {
  LETTER_IN_DOCUMENT_NUMBER_NATS,
  MAX_SUBSTITUTION_COST,
  preferDigitsInDocumentNumber,
  rescoreByCheckDigits,
  type ScoredLine,
} from './check-digit-rescoring';
import { decodeGreedy, decodeWithGrammar, MRZ_ALPHABET, MRZ_CLASSES, type StepLogProbs, substitutionCost } from './constrained-decode';
import { layoutGrammar } from './layout-grammar';

/**
 * Log-probabilities for a sequence of steps, each given as the probabilities of a few symbols ('' is the blank);
 * the rest of the mass is spread over the other classes.
 */
function steps(...rows: Record<string, number>[]): StepLogProbs {
  const data = new Float32Array(rows.length * MRZ_CLASSES);
  rows.forEach((row, t) => {
    const named = Object.entries(row);
    const rest = Math.max(1e-6, 1 - named.reduce((s, [, p]) => s + p, 0)) / (MRZ_CLASSES - named.length);
    for (let c = 0; c < MRZ_CLASSES; c += 1) data[t * MRZ_CLASSES + c] = Math.log(rest);
    for (const [symbol, p] of named) data[t * MRZ_CLASSES + (symbol === '' ? 0 : MRZ_ALPHABET.indexOf(symbol) + 1)] = Math.log(p);
  });
  return { steps: rows.length, data };
}

/** Each character on one firm step, a blank between. */
function firm(text: string, p = 0.98): Record<string, number>[] {
  return [...text].flatMap((ch) => [{ [ch]: p }, { '': p }]);
}

describe('decodeWithGrammar', () => {
  it('reads a digit where the layout prints one, even when the model leaned to the letter', () => {
    const probs = steps({ O: 0.6, '0': 0.35 }, { '': 0.98 }, ...firm('12'));
    expect(decodeGreedy(probs)).toBe('O12');
    expect(decodeWithGrammar(probs, ['0123456789', '0123456789', '0123456789'])?.text).toBe('012');
    expect(decodeWithGrammar(probs, [MRZ_ALPHABET, MRZ_ALPHABET, MRZ_ALPHABET])?.text).toBe('O12');
  });

  it('gives a filler run the length the layout asks for when the greedy reading merged two of them', () => {
    // Four fillers printed; the model gave the blank between the 2nd and 3rd too little weight.
    const probs = steps(
      { A: 0.98 },
      { '': 0.98 },
      { '<': 0.98 },
      { '': 0.98 },
      { '<': 0.95 },
      { '': 0.3, '<': 0.65 },
      { '<': 0.95 },
      { '': 0.98 },
      { '<': 0.98 },
      { '': 0.98 },
    );
    expect(decodeGreedy(probs)).toBe('A<<<');
    const reading = decodeWithGrammar(probs, new Array(5).fill('<ABC'));
    expect(reading?.text).toBe('A<<<<');
    expect(reading?.spans).toHaveLength(5);
  });

  it('cannot place more characters than there are steps', () => {
    expect(decodeWithGrammar(steps(...firm('AB')), new Array(5).fill(MRZ_ALPHABET))).toBeNull();
  });

  it('reports each place’s peak probability and what another character would cost there', () => {
    const probs = steps({ '8': 0.7, B: 0.25 }, { '': 0.98 }, ...firm('1'));
    const reading = decodeWithGrammar(probs, [MRZ_ALPHABET, MRZ_ALPHABET]);
    expect(reading?.text).toBe('81');
    expect(reading?.confidence[0]).toBeCloseTo(0.7, 5);
    expect(substitutionCost(probs, reading!, 0, 'B')).toBeCloseTo(Math.log(0.7 / 0.25), 5);
    expect(substitutionCost(probs, reading!, 0, '8')).toBe(0);
  });
});

describe('rescoreByCheckDigits', () => {
  const grammar = layoutGrammar(TD3);
  const line1 = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<';

  function line2(number: string, numberCheck = String(computeCheckDigit(number))): string {
    const head = `${number}${numberCheck}UTO7408122F1204159`;
    const optional = 'ZE184226B<<<<<';
    const personal = String(computeCheckDigit(optional));
    const body = `${head}${optional}${personal}`;
    const composite = computeCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
    return `${body}${composite}`;
  }

  /** A line whose every place was read firmly, except the given near ties (place → cost of the other reading). */
  function scored(text: string, allowed: string[], ties: Record<number, Record<string, number>> = {}): ScoredLine {
    return { text, allowed, cost: (x, ch) => (ch === text[x] ? 0 : (ties[x]?.[ch] ?? 12)) };
  }

  it('settles a near tie between O and 0 in the document number by its check digit', () => {
    const printed = line2('L089802C3');
    const misread = printed.slice(0, 5) + 'O' + printed.slice(6);
    const result = rescoreByCheckDigits(TD3, [scored(line1, grammar[0]), scored(misread, grammar[1], { 5: { '0': 0.4 } })]);
    expect(result.lines[1]).toBe(printed);
    expect(result.substitutions).toEqual(['2:6 O→0 (0.40)']);
  });

  it('leaves a firmly read wrong check digit as read: the printed document may carry it', () => {
    const printed = line2('L898902C3', '9');
    const result = rescoreByCheckDigits(TD3, [scored(line1, grammar[0]), scored(printed, grammar[1])]);
    expect(result.lines[1]).toBe(printed);
    expect(result.substitutions).toEqual([]);
  });

  it('changes nothing that costs MAX_SUBSTITUTION_COST or more', () => {
    const printed = line2('L898902C3');
    const misread = printed.slice(0, 2) + '6' + printed.slice(3);
    const result = rescoreByCheckDigits(TD3, [
      scored(line1, grammar[0]),
      scored(misread, grammar[1], { 2: { '8': MAX_SUBSTITUTION_COST } }),
    ]);
    expect(result.lines[1]).toBe(misread);
  });

  it('never changes the name line, which no check digit covers', () => {
    const printed = line2('L898902C3');
    const result = rescoreByCheckDigits(TD3, [
      scored('P<UTOERIKSSQN<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', grammar[0], { 11: { O: 0.1 } }),
      scored(printed, grammar[1]),
    ]);
    expect(result.lines[0]).toBe('P<UTOERIKSSQN<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<');
  });
});

describe('preferDigitsInDocumentNumber', () => {
  const grammar = layoutGrammar(TD3);
  const line1 = 'P<BLRIVANOVA<<TATSIANA<<<<<<<<<<<<<<<<<<<<<<';
  const printed = '0000000000BLR7001017F15010104010160B000PB326';
  // O at places 1 and 2 (weights 7 and 3): 24 × 7 + 24 × 3 = 240, so the number's check passes read either way.
  const readOO = 'OO' + printed.slice(2);
  const scored = (text: string, costOfZero: number[]): ScoredLine => ({
    text,
    allowed: grammar[1],
    cost: (x, ch) => (ch === text[x] ? 0 : text[x] === 'O' && ch === '0' ? costOfZero[x] : 12),
  });
  const firmLine1: ScoredLine = { text: line1, allowed: grammar[0], cost: (x, ch) => (ch === line1[x] ? 0 : 12) };

  it('reads O as 0 in a number whose check digits pass either way, when the model was not sure enough of the O', () => {
    expect(rescoreByCheckDigits(TD3, [firmLine1, scored(readOO, [3, 5])]).lines[1]).toBe(readOO);
    const result = preferDigitsInDocumentNumber(TD3, [firmLine1, scored(readOO, [3, 5])], [line1, readOO]);
    expect(result.lines[1]).toBe(printed);
    expect(result.substitutions).toEqual(['2:1 O→0 (3.00, number prior)', '2:2 O→0 (5.00, number prior)']);
  });

  it('keeps O when the model is surer of it than the prior is against it', () => {
    const sure = LETTER_IN_DOCUMENT_NUMBER_NATS + 1;
    expect(preferDigitsInDocumentNumber(TD3, [firmLine1, scored(readOO, [sure, sure])], [line1, readOO]).lines[1]).toBe(readOO);
  });

  it('never makes a passing check fail: one O read as 0 always changes the check digit', () => {
    const oneO = 'O' + printed.slice(1);
    // The number as read passes its check only if that O is real; reading it 0 would fail, so it stays.
    const number = 'O12345678';
    const withCheck = `${number}${computeCheckDigit(number)}` + printed.slice(10);
    expect(preferDigitsInDocumentNumber(TD3, [firmLine1, scored(withCheck, [0.5])], [line1, withCheck]).lines[1]).toBe(withCheck);
    // And a number whose own check fails is left to the check digits (nothing ties there).
    expect(preferDigitsInDocumentNumber(TD3, [firmLine1, scored(oneO, [0.5])], [line1, oneO]).lines[1]).toBe(oneO);
  });
});

describe('layoutGrammar', () => {
  it('allows digits only in TD3 dates and check digits, letters and fillers in names, M/F/X/< for sex', () => {
    const [l1, l2] = layoutGrammar(TD3);
    expect(l1[0]).toBe('PV');
    expect(new Set(l1[10])).toEqual(new Set('ABCDEFGHIJKLMNOPQRSTUVWXYZ<'));
    expect(l2[13]).toBe('0123456789<');
    expect(l2[9]).toBe('0123456789');
    expect(l2[20]).toBe('MFX<');
    expect(l2[42]).toBe('0123456789<');
    expect(l2[0]).toBe(MRZ_ALPHABET);
  });
});
