import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Reads a TensorFlow.js weights manifest (`*-weights_manifest.json` + its .bin shards) into
 * float32 tensors, applying the per-tensor uint8 affine quantization the manifest declares
 * (value = q * scale + min), as tfjs-core's io.decodeWeights does.
 */

export interface NamedWeight {
  shape: number[];
  /** float32 weights as Float32Array; int32 constants (shapes, axes, paddings) as Int32Array. */
  data: Float32Array;
  ints?: Int32Array;
}

interface ManifestEntry {
  name: string;
  shape: number[];
  dtype: 'float32' | 'int32';
  quantization?: { dtype: 'uint8' | 'uint16' | 'float16'; scale?: number; min?: number };
}

export interface ManifestGroup {
  paths: string[];
  weights: ManifestEntry[];
}

export function readWeightsManifest(manifestPath: string): Map<string, NamedWeight> {
  return readWeightGroups(JSON.parse(readFileSync(manifestPath, 'utf8')) as ManifestGroup[], dirname(manifestPath));
}

/** Weight groups as they appear in a weights manifest or a graph model's model.json, shards relative to `baseDir`. */
export function readWeightGroups(groups: ManifestGroup[], baseDir: string): Map<string, NamedWeight> {
  const weights = new Map<string, NamedWeight>();
  for (const group of groups) {
    const shards = group.paths.map((p) => readFileSync(join(baseDir, p)));
    const buffer = Buffer.concat(shards);
    let offset = 0;
    for (const entry of group.weights) {
      const count = entry.shape.reduce((a, b) => a * b, 1);
      const { data, ints, bytes } = decodeEntry(entry, buffer, offset, count);
      weights.set(entry.name, { shape: entry.shape, data, ints });
      offset += bytes;
    }
    if (offset !== buffer.length) throw new Error(`${group.paths.join(',')}: decoded ${offset} of ${buffer.length} bytes`);
  }
  return weights;
}

function decodeEntry(
  entry: ManifestEntry,
  buffer: Buffer,
  offset: number,
  count: number,
): { data: Float32Array; ints?: Int32Array; bytes: number } {
  const q = entry.quantization;
  if (q === undefined && entry.dtype === 'int32') {
    const ints = new Int32Array(count);
    for (let i = 0; i < count; i++) ints[i] = buffer.readInt32LE(offset + i * 4);
    return { data: Float32Array.from(ints), ints, bytes: count * 4 };
  }
  if (q?.dtype === 'float16' && entry.dtype === 'float32') {
    const data = new Float32Array(count);
    for (let i = 0; i < count; i++) data[i] = float16ToFloat32(buffer.readUInt16LE(offset + i * 2));
    return { data, bytes: count * 2 };
  }
  if (q === undefined) {
    if (entry.dtype !== 'float32') throw new Error(`${entry.name}: unsupported dtype ${entry.dtype}`);
    const data = new Float32Array(count);
    for (let i = 0; i < count; i++) data[i] = buffer.readFloatLE(offset + i * 4);
    return { data, bytes: count * 4 };
  }
  if (q.dtype !== 'uint8' || q.scale === undefined || q.min === undefined) {
    throw new Error(`${entry.name}: unsupported quantization ${JSON.stringify(q)}`);
  }
  const data = new Float32Array(count);
  for (let i = 0; i < count; i++) data[i] = buffer[offset + i] * q.scale + q.min;
  return { data, bytes: count };
}

/** IEEE 754 half → float (exact; every half is representable as a float). */
function float16ToFloat32(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const mantissa = h & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (mantissa / 1024);
  if (exponent === 0x1f) return mantissa ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + mantissa / 1024);
}

/** Fetches a weight by name or fails with the name (a manifest that changed shape should not load silently). */
export function requireWeight(weights: Map<string, NamedWeight>, name: string, shape?: number[]): NamedWeight {
  const w = weights.get(name);
  if (!w) throw new Error(`weight ${name} missing`);
  if (shape && w.shape.join(',') !== shape.join(',')) {
    throw new Error(`weight ${name}: shape [${w.shape.join(',')}], expected [${shape.join(',')}]`);
  }
  return w;
}
