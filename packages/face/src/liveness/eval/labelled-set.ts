import { existsSync, readFileSync } from 'fs';
import { dirname, resolve } from 'path';
import { type FaceBox } from '../types';

export interface LabelledFile {
  path: string;
  file: string;
  label: 'live' | 'spoof';
  box?: FaceBox;
}

/**
 * Reads a labels.csv: columns file,label (live|spoof), paths relative to the csv; optional
 * x,y,width,height columns give the face box. Without them, boxes come from `boxes` (by file
 * name) or the sample has no box and is reported as no verdict.
 */
export function readLabelledSet(csvPath: string, boxes: Record<string, FaceBox> = {}): LabelledFile[] {
  const lines = readFileSync(csvPath, 'utf8').split(/\r?\n/).filter((l) => l.trim().length > 0);
  const header = lines[0].split(',').map((h) => h.trim());
  const col = (name: string): number => header.indexOf(name);
  if (col('file') < 0 || col('label') < 0) throw new Error(`${csvPath}: needs file,label columns`);
  const base = dirname(csvPath);
  return lines.slice(1).map((line) => {
    const cells = line.split(',').map((c) => c.trim());
    const label = cells[col('label')];
    if (label !== 'live' && label !== 'spoof') throw new Error(`${csvPath}: label must be live or spoof, got ${label}`);
    const file = cells[col('file')];
    const path = resolve(base, file);
    if (!existsSync(path)) throw new Error(`${csvPath}: ${file} not found`);
    const boxCells = ['x', 'y', 'width', 'height'].map((name) => (col(name) >= 0 && cells[col(name)] ? Number(cells[col(name)]) : Number.NaN));
    const box = col('x') >= 0 && boxCells.every(Number.isFinite) ? { x: boxCells[0], y: boxCells[1], width: boxCells[2], height: boxCells[3] } : boxes[file];
    return { path, file, label, box };
  });
}
