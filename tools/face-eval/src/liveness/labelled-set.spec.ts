import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { readLabelledSet, readLiveOnlySet } from './labelled-set';
import { errorRates, percentile } from './liveness-metrics';

describe('readLabelledSet', () => {
  const dir = mkdtempSync(join(tmpdir(), 'liveness-set-'));
  writeFileSync(join(dir, 'a.jpg'), 'x');
  writeFileSync(join(dir, 'b.jpg'), 'x');

  it('resolves paths relative to the csv and reads optional box columns', () => {
    writeFileSync(join(dir, 'labels.csv'), 'file,label,x,y,width,height\na.jpg,live,1,2,30,40\nb.jpg,spoof,,,,\n');
    const set = readLabelledSet(join(dir, 'labels.csv'), { 'b.jpg': { x: 5, y: 5, width: 50, height: 50 } });
    expect(set).toEqual([
      { path: join(dir, 'a.jpg'), file: 'a.jpg', label: 'live', box: { x: 1, y: 2, width: 30, height: 40 } },
      { path: join(dir, 'b.jpg'), file: 'b.jpg', label: 'spoof', box: { x: 5, y: 5, width: 50, height: 50 } },
    ]);
  });

  it('reads quoted fields with commas and keeps the attack type', () => {
    writeFileSync(
      join(dir, 'quoted.csv'),
      'file,label,attack_type,note\na.jpg,live,none,"portrait, warm light"\nb.jpg,spoof,replay,"a ""quoted"" note, with commas"\n',
    );
    expect(readLabelledSet(join(dir, 'quoted.csv')).map((f) => [f.file, f.label, f.attackType])).toEqual([
      ['a.jpg', 'live', 'none'],
      ['b.jpg', 'spoof', 'replay'],
    ]);
  });

  it('reads a live-only list (a file column, e.g. identities.csv): every file bona fide', () => {
    writeFileSync(join(dir, 'identities.csv'), 'file,identity\na.jpg,alice\nb.jpg,bob\n');
    expect(readLiveOnlySet(join(dir, 'identities.csv'))).toEqual([
      { path: join(dir, 'a.jpg'), file: 'a.jpg', label: 'live' },
      { path: join(dir, 'b.jpg'), file: 'b.jpg', label: 'live' },
    ]);
  });

  it('rejects unknown labels and missing files', () => {
    writeFileSync(join(dir, 'bad.csv'), 'file,label\na.jpg,maybe\n');
    expect(() => readLabelledSet(join(dir, 'bad.csv'))).toThrow(/live or spoof/);
    writeFileSync(join(dir, 'missing.csv'), 'file,label\nnope.jpg,live\n');
    expect(() => readLabelledSet(join(dir, 'missing.csv'))).toThrow(/not found/);
  });
});

describe('errorRates', () => {
  it('computes APCER over attacks and BPCER over bona fide samples', () => {
    const rates = errorRates([
      { label: 'spoof', acceptedAsLive: true },
      { label: 'spoof', acceptedAsLive: false },
      { label: 'spoof', acceptedAsLive: false },
      { label: 'spoof', acceptedAsLive: false },
      { label: 'live', acceptedAsLive: false },
      { label: 'live', acceptedAsLive: true },
    ]);
    expect(rates).toEqual({ apcer: 0.25, bpcer: 0.5, samples: 6, spoofs: 4, lives: 2 });
    expect(errorRates([]).apcer).toBeNull();
  });

  it('takes nearest-rank percentiles', () => {
    expect(percentile([5, 1, 4, 2, 3], 0.5)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)).toBe(10);
  });
});
