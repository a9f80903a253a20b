import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ModelIntegrityError, readModelListedInManifest, readVerifiedModel } from './index';

describe('model integrity', () => {
  let dir: string;
  const model = Buffer.from('pretend this is an ONNX graph');
  const digest = createHash('sha256').update(model).digest('hex');
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'model-integrity-'));
    writeFileSync(join(dir, 'm.onnx'), model);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ models: [{ file: 'm.onnx', sha256: digest }] }));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('returns the bytes when they match the recorded digest', () => {
    expect(readVerifiedModel(join(dir, 'm.onnx'), digest).equals(model)).toBe(true);
    expect(readModelListedInManifest(join(dir, 'm.onnx')).equals(model)).toBe(true);
  });

  it('refuses a changed or truncated file, naming both digests', () => {
    writeFileSync(join(dir, 'm.onnx'), model.subarray(0, 10));
    expect(() => readModelListedInManifest(join(dir, 'm.onnx'))).toThrow(ModelIntegrityError);
    expect(() => readVerifiedModel(join(dir, 'm.onnx'), digest)).toThrow(new RegExp(`but ${digest} is recorded`));
  });

  it('refuses a missing file, a file the manifest does not list, and a malformed digest', () => {
    expect(() => readVerifiedModel(join(dir, 'absent.onnx'), digest)).toThrow(/missing/);
    writeFileSync(join(dir, 'other.onnx'), model);
    expect(() => readModelListedInManifest(join(dir, 'other.onnx'))).toThrow(/not listed/);
    expect(() => readVerifiedModel(join(dir, 'm.onnx'), 'abc')).toThrow(/no valid sha256/);
  });
});
