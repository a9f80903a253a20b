/**
 * CTC decoding of one MRZ line under the layout's grammar: exactly the line's length, and at each place only the
 * characters ICAO 9303 prints there (digits in dates and check digits, letters and fillers in names and state
 * codes). A greedy decoder reads what the model favours step by step; a recogniser unsure between 0 and O, or
 * counting a run of fillers one short, then gives a line of the wrong length or a letter in a date. Here the
 * single best path of the right length through the allowed characters is found (Viterbi over the CTC lattice),
 * and each place keeps the cost of every other allowed character, for the check digits to weigh.
 */

/** The model's classes: 0 is the CTC blank, class k + 1 is MRZ_ALPHABET[k]. */
export const MRZ_ALPHABET = '<0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const MRZ_CLASSES = MRZ_ALPHABET.length + 1;

/** Log-probabilities per time step: `steps` rows of MRZ_CLASSES. */
export interface StepLogProbs {
  steps: number;
  data: Float32Array;
}

/** The characters allowed at one place of a line. */
export type AllowedCharacters = string;

export interface ConstrainedReading {
  text: string;
  /** Log-probability of the best path. */
  score: number;
  /** Per place: the peak probability of its character over the steps it was read at. */
  confidence: number[];
  /** Per place: the first and last time step its character was read at. */
  spans: [number, number][];
}

const NONE = -Infinity;

/**
 * The best CTC path emitting exactly `allowed.length` characters, the k-th from `allowed[k]`. Null when the steps
 * cannot hold the line (fewer steps than characters, or a repeated character without a blank between).
 */
export function decodeWithGrammar(probs: StepLogProbs, allowed: AllowedCharacters[]): ConstrainedReading | null {
  const places = allowed.length;
  const C = MRZ_CLASSES;
  const { steps, data } = probs;
  if (steps < places) return null;
  const allowedMask = allowed.map((chars) => {
    const mask = new Uint8Array(C);
    for (const ch of chars) mask[MRZ_ALPHABET.indexOf(ch) + 1] = 1;
    return mask;
  });
  // State (k, c): k characters begun; c = 0 in a blank after them, c > 0 reading the k-th as class c.
  const width = (places + 1) * C;
  let score = new Float64Array(width).fill(NONE);
  let next = new Float64Array(width);
  const from = new Int32Array(steps * width).fill(-1);
  score[0] = 0; // before the first step: nothing begun, "in a blank"
  for (let t = 0; t < steps; t += 1) {
    next.fill(NONE);
    const row = t * C;
    const back = t * width;
    for (let k = 0; k <= places; k += 1) {
      const base = k * C;
      // Into the blank after k characters: from that blank, or from reading the k-th character.
      let best = score[base];
      let arg = base;
      for (let c = 1; c < C; c += 1) {
        if (score[base + c] > best) {
          best = score[base + c];
          arg = base + c;
        }
      }
      if (best > NONE) {
        next[base] = best + data[row];
        from[back + base] = arg;
      }
      if (k === 0) continue;
      // Into reading the k-th character as c: staying on it, from the blank after k - 1, or straight from the
      // (k - 1)-th read as another character (CTC needs a blank between two equal characters).
      const prev = (k - 1) * C;
      let best1 = NONE;
      let arg1 = -1;
      let best2 = NONE;
      let arg2 = -1;
      for (let c = 1; c < C; c += 1) {
        const s = score[prev + c];
        if (s > best1) {
          best2 = best1;
          arg2 = arg1;
          best1 = s;
          arg1 = c;
        } else if (s > best2) {
          best2 = s;
          arg2 = c;
        }
      }
      const mask = allowedMask[k - 1];
      for (let c = 1; c < C; c += 1) {
        if (!mask[c]) continue;
        let s = score[base + c];
        let a = base + c;
        if (score[prev] > s) {
          s = score[prev];
          a = prev;
        }
        const other = arg1 !== c ? best1 : best2;
        const otherArg = arg1 !== c ? arg1 : arg2;
        if (other > s) {
          s = other;
          a = prev + otherArg;
        }
        if (s > NONE) {
          next[base + c] = s + data[row + c];
          from[back + base + c] = a;
        }
      }
    }
    [score, next] = [next, score];
  }
  const end = places * C;
  let state = end;
  for (let c = 1; c < C; c += 1) if (score[end + c] > score[state]) state = end + c;
  if (score[state] === NONE) return null;
  const total = score[state];
  const classes = new Array<number>(places).fill(0);
  const peak = new Array<number>(places).fill(0);
  const spans = new Array<[number, number]>(places);
  for (let t = steps - 1; t >= 0; t -= 1) {
    const k = Math.floor(state / C);
    const c = state % C;
    if (c > 0) {
      classes[k - 1] = c;
      peak[k - 1] = Math.max(peak[k - 1], Math.exp(data[t * C + c]));
      spans[k - 1] = spans[k - 1] ? [t, spans[k - 1][1]] : [t, t];
    }
    state = from[t * width + state];
  }
  return { text: classes.map((c) => MRZ_ALPHABET[c - 1]).join(''), score: total, confidence: peak, spans };
}

/**
 * What reading `place` as `character` instead costs, in log-probability over the steps the place was read at
 * (the alignment kept). 0 for the character read.
 */
export function substitutionCost(probs: StepLogProbs, reading: ConstrainedReading, place: number, character: string): number {
  const [first, last] = reading.spans[place];
  const was = MRZ_ALPHABET.indexOf(reading.text[place]) + 1;
  const now = MRZ_ALPHABET.indexOf(character) + 1;
  let cost = 0;
  for (let t = first; t <= last; t += 1) cost += probs.data[t * MRZ_CLASSES + was] - probs.data[t * MRZ_CLASSES + now];
  return cost;
}

/** Best class per step, repeats collapsed, blanks dropped: what the model reads with no grammar. */
export function decodeGreedy(probs: StepLogProbs): string {
  let text = '';
  let previous = 0;
  for (let t = 0; t < probs.steps; t += 1) {
    let best = 0;
    for (let c = 1; c < MRZ_CLASSES; c += 1) if (probs.data[t * MRZ_CLASSES + c] > probs.data[t * MRZ_CLASSES + best]) best = c;
    if (best !== 0 && best !== previous) text += MRZ_ALPHABET[best - 1];
    previous = best;
  }
  return text;
}
