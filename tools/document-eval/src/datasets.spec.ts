import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCsv } from './csv';
import { DatasetError, loadLabelledSet } from './datasets';

const ESTONIA = ['P<ESTMAENNIK<<MARI<LIIS<<<<<<<<<<<<<<<<<<<<<', 'KB00000003EST7501229F120522647501220010<<<02'];

describe('parseCsv', () => {
  it('reads quoted cells with commas and escaped quotes', () => {
    expect(parseCsv('a,b\n"x, y","say ""hi"""\n\n1,2\r\n')).toEqual([
      { a: 'x, y', b: 'say "hi"' },
      { a: '1', b: '2' },
    ]);
  });
});

describe('loadLabelledSet', () => {
  it('reads the outside format file,mrz and judges label validity from its check digits', () => {
    const dir = mkdtempSync(join(tmpdir(), 'labels-'));
    const broken = [ESTONIA[0], ESTONIA[1].replace('KB00000003', 'KB00000004')];
    writeFileSync(join(dir, 'labels.csv'), `file,mrz\na.jpg,${ESTONIA.join('|')}\nb.jpg,${broken.join('|')}\nc.jpg,\n`);
    const set = loadLabelledSet(dir);
    expect(set.map((i) => [i.file, i.expectedValid])).toEqual([
      ['a.jpg', true],
      ['b.jpg', false],
      ['c.jpg', null],
    ]);
    expect(set[0].mrzLines).toEqual(ESTONIA);
    expect(set[2].mrzLines).toBeNull();
  });

  it('reads the dev set format, with the malformed one expected invalid', () => {
    const dir = mkdtempSync(join(tmpdir(), 'labels-'));
    writeFileSync(
      join(dir, 'labels.csv'),
      'file,has_mrz,format,line1,line2,line3,check_digits,gt_source,note\n' +
        `id2.jpg,yes,TD3,${ESTONIA[0]},${ESTONIA[1]},,all_pass,manual,fine\n` +
        'id_fail.png,malformed,none,,,,,manual,"docnum check digit fails; not ICAO-valid"\n',
    );
    const set = loadLabelledSet(dir);
    expect(set.map((i) => [i.file, i.mrzLines?.length ?? 0, i.expectedValid])).toEqual([
      ['id2.jpg', 2, true],
      ['id_fail.png', 0, false],
    ]);
  });

  it('gives a typed error for a folder without labels.csv', () => {
    expect(() => loadLabelledSet(mkdtempSync(join(tmpdir(), 'empty-')))).toThrow(DatasetError);
  });
});
