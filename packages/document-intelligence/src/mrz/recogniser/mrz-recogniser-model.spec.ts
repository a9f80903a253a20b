import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MRZ_ALPHABET } from './constrained-decode';
import { mrzModelPath, MRZ_STRIP_HEIGHT, recogniseMrzStrip } from './mrz-recogniser-session';

/** The committed model is the one its card describes: CI checks it here and never retrains. */
describe('the committed MRZ recogniser', () => {
  const card = JSON.parse(readFileSync(join(mrzModelPath(), '..', 'mrz-ocrb-recogniser.card.json'), 'utf8')) as {
    sha256: string;
    bytes: number;
    alphabet: string;
    input: { height: number; widthMultiple: number };
  };

  it('matches the sha256 and size its card records', () => {
    const bytes = readFileSync(mrzModelPath());
    expect(bytes.length).toBe(card.bytes);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(card.sha256);
  });

  it('reads the alphabet and strip height the card and the decoder agree on', async () => {
    expect(card.alphabet).toBe(MRZ_ALPHABET);
    expect(card.input.height).toBe(MRZ_STRIP_HEIGHT);
    const width = 400;
    const probs = await recogniseMrzStrip(new Uint8Array(width * MRZ_STRIP_HEIGHT).fill(230), width);
    expect(probs.steps).toBe(width / card.input.widthMultiple);
    // A blank strip reads as nothing: the blank class wins every step.
    for (let t = 0; t < probs.steps; t += 1) {
      const row = probs.data.subarray(t * (MRZ_ALPHABET.length + 1), (t + 1) * (MRZ_ALPHABET.length + 1));
      expect(row.indexOf(Math.max(...row))).toBe(0);
    }
  });
});
