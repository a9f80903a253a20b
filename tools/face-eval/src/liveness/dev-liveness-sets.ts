import { readFileSync } from 'fs';
import { dirname } from 'path';
import { type Box, type RgbImage } from '@kyc/face';
import { decodeToRgb } from '@kyc/face/stages';
import { type LivenessSetFile } from '../dev-data';
import { type LivenessSet } from './liveness-eval';
import { type LabelledFile, readLabelledSet, readLiveOnlySet } from './labelled-set';

/**
 * Reads the liveness sets for an evaluation and gives every file without a box the one
 * `detectFace` finds (the evals pass the selfie path's box: landmarks in MiniFASNet's convention,
 * see selfie-analysis.ts), found on the frame as liveness decodes it and mapped back to original
 * pixels, so detection runs once per file. Files where nothing is found keep
 * no box and are reported as no verdict (a bona fide one counts against BPCER).
 *
 * Synthetic attacks are derived from every live file of the labelled sets and from the first
 * photo of each folder of the live-only sets (one per person in faces-real-dev).
 */
export async function loadLivenessSets(
  specs: readonly LivenessSetFile[],
  detectFace: (image: RgbImage) => Promise<Box | null>,
  boxesBySet: Record<string, Record<string, Box>> = {},
): Promise<{ sets: LivenessSet[]; syntheticSources: Array<{ path: string; name: string; box: Box }> }> {
  const sets: LivenessSet[] = [];
  const syntheticSources: Array<{ path: string; name: string; box: Box }> = [];
  for (const spec of specs) {
    const files = spec.kind === 'live-only' ? readLiveOnlySet(spec.file) : readLabelledSet(spec.file, boxesBySet[spec.name] ?? {});
    const withBoxes: LabelledFile[] = [];
    for (const file of files) withBoxes.push(file.box ? file : { ...file, box: (await detectedBox(file.path, detectFace)) ?? undefined });
    sets.push({ name: spec.name, files: withBoxes });
    const seenFolders = new Set<string>();
    for (const file of withBoxes) {
      if (file.label !== 'live' || !file.box) continue;
      if (spec.kind === 'live-only') {
        const folder = dirname(file.file);
        if (seenFolders.has(folder)) continue;
        seenFolders.add(folder);
      }
      syntheticSources.push({ path: file.path, name: `${spec.name}/${file.file}`, box: file.box });
    }
  }
  return { sets, syntheticSources };
}

async function detectedBox(path: string, detectFace: (image: RgbImage) => Promise<Box | null>): Promise<Box | null> {
  const decoded = await decodeToRgb(readFileSync(path));
  if (!decoded.ok) return null;
  const box = await detectFace(decoded.image);
  if (!box) return null;
  const s = decoded.scale;
  return { x: box.x / s, y: box.y / s, width: box.width / s, height: box.height / s };
}
