import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chooseMainFace, decodeGrid, decodeImage, detectLandmarks68, embedFaceChip, extractFaceChip } from '@kyc/face';
import { DETECTOR_INPUT_SIZE, detectorInput, runImageModel } from '@kyc/face/stages';
import { SHARED_DATA_DIR } from './dev-data';
import { percentile } from './roc';

/**
 * `npm run bench:face -- <image> [runs]`: wall and process-CPU time per pipeline stage for one
 * selfie-like image (default: spoof-dev's live camera shot), after a warm-up run. CPU time is
 * reported because on a shared host wall time mostly measures waiting for a core.
 */

const DEFAULT_IMAGE = join(SHARED_DATA_DIR, 'spoof-dev', 'image_T1.jpg');

async function main(): Promise<void> {
  const file = resolve(process.argv[2] ?? DEFAULT_IMAGE);
  const runs = Number(process.argv[3] ?? 20);
  const bytes = readFileSync(file);
  const samples: Record<string, { wall: number[]; cpu: number[] }> = {};
  const stage = async <T>(name: string, fn: () => Promise<T> | T): Promise<T> => {
    const c = process.cpuUsage();
    const t = performance.now();
    const result = await fn();
    const u = process.cpuUsage(c);
    const entry = (samples[name] ??= { wall: [], cpu: [] });
    entry.wall.push(performance.now() - t);
    entry.cpu.push((u.user + u.system) / 1000);
    return result;
  };
  for (let run = 0; run <= runs; run++) {
    if (run === 1) for (const key of Object.keys(samples)) delete samples[key]; // drop the warm-up
    const decoded = await stage('decode', () => decodeImage(bytes));
    if (decoded.kind !== 'image') throw new Error(`${file}: ${decoded.reason}`);
    const { input, scale } = await stage('detect: letterbox', () => detectorInput(decoded.image));
    const grid = await stage('detect: model', () => runImageModel('face-detector-tiny.onnx', input, DETECTOR_INPUT_SIZE));
    const face = await stage('detect: decode+nms', () => chooseMainFace(decodeGrid(grid, scale, 0.5)));
    if (!face) throw new Error(`${file}: no face detected`);
    const landmarks = await stage('landmarks', () => detectLandmarks68(decoded.image, face.box));
    const chip = await stage('align', () => extractFaceChip(decoded.image, landmarks));
    if (!chip) throw new Error(`${file}: alignment failed`);
    await stage('embed', () => embedFaceChip(chip.chip));
  }
  console.log(`${file}, ${runs} runs`);
  let p50 = 0,
    cpu50 = 0;
  for (const [name, { wall, cpu }] of Object.entries(samples)) {
    p50 += percentile(wall, 50);
    cpu50 += percentile(cpu, 50);
    console.log(
      `${name.padEnd(20)} wall p50 ${percentile(wall, 50).toFixed(1).padStart(6)}  p95 ${percentile(wall, 95).toFixed(1).padStart(6)}   cpu p50 ${percentile(cpu, 50).toFixed(1).padStart(6)}`,
    );
  }
  console.log(`${'sum of stages'.padEnd(20)} wall p50 ${p50.toFixed(1).padStart(6)}              cpu p50 ${cpu50.toFixed(1).padStart(6)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
