/**
 * How the recogniser's decoding does on whole synthetic MRZs (synth_documents.py): each line through the committed
 * model, decoded under its layout's grammar, near ties settled by the check digits (rescoreByCheckDigits), then the
 * document-number prior (preferDigitsInDocumentNumber). Prints exact and valid counts with and without the prior,
 * and every number the prior changed, right or wrong. Needs the package built (npx turbo run build
 * --filter=@kyc/document-intelligence).
 *
 *   node tools/mrz-recogniser-training/measure_decoding.js <documents.jsonl>
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const dist = join(__dirname, '..', '..', 'packages', 'document-intelligence', 'dist', 'mrz');
const { recogniseMrzStrip } = require(join(dist, 'recogniser', 'mrz-recogniser-session.js'));
const { decodeWithGrammar, substitutionCost } = require(join(dist, 'recogniser', 'constrained-decode.js'));
const { layoutGrammar } = require(join(dist, 'recogniser', 'layout-grammar.js'));
const { preferDigitsInDocumentNumber, rescoreByCheckDigits } = require(join(dist, 'recogniser', 'check-digit-rescoring.js'));
const { LAYOUTS } = require(join(dist, 'layouts.js'));
const { readMrz } = require(join(dist, 'read-mrz.js'));

const now = new Date('2026-11-26T00:00:00Z');

async function main() {
  const documents = readFileSync(process.argv[2], 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const figures = {
    documents: 0,
    numbersWithO: 0,
    exact: [0, 0],
    valid: [0, 0],
    validButWrong: [0, 0],
    changed: 0,
    changedRight: 0,
    changedWrong: 0,
  };
  const changes = [];
  for (const [k, doc] of documents.entries()) {
    const layout = LAYOUTS.find((l) => l.format !== 'FRA_ID' && l.lineCount === doc.lines.length && l.lineLength === doc.lines[0].length);
    if (!layout) continue;
    const grammar = layoutGrammar(layout);
    const scored = [];
    for (const [i, strip] of doc.strips.entries()) {
      const probs = await recogniseMrzStrip(new Uint8Array(Buffer.from(strip.data, 'base64')), strip.w);
      const reading = decodeWithGrammar(probs, grammar[i]);
      if (!reading) break;
      scored.push({ text: reading.text, allowed: grammar[i], cost: (x, ch) => substitutionCost(probs, reading, x, ch) });
    }
    if (scored.length !== doc.lines.length) continue;
    figures.documents += 1;
    const [line, start, end] = layout.fields.find((f) => f.name === 'documentNumber').span;
    const number = (lines) => lines[line].slice(start, end);
    const truth = doc.lines.join('|');
    if (number(doc.lines).includes('O')) figures.numbersWithO += 1;
    const before = rescoreByCheckDigits(layout, scored).lines;
    const after = preferDigitsInDocumentNumber(layout, scored, before).lines;
    [before, after].forEach((lines, j) => {
      const parsed = readMrz(lines, { now });
      const valid = parsed.ok && parsed.reading.valid;
      if (lines.join('|') === truth) figures.exact[j] += 1;
      if (valid) figures.valid[j] += 1;
      if (valid && lines.join('|') !== truth) figures.validButWrong[j] += 1;
    });
    if (before.join('|') !== after.join('|')) {
      figures.changed += 1;
      if (number(after) === number(doc.lines)) figures.changedRight += 1;
      if (number(before) === number(doc.lines)) figures.changedWrong += 1;
      changes.push(`${number(doc.lines)}: ${number(before)} -> ${number(after)}`);
    }
    if ((k + 1) % 100 === 0) process.stderr.write(`documents ${k + 1}/${documents.length}\n`);
  }
  console.log(JSON.stringify({ ...figures, note: '[without, with] the document-number prior', changes }, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
