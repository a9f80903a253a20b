import { createHash } from 'crypto';
import { readLegacyStateDict } from './legacy-torch-reader';
import { MiniFasNetGraph } from './minifasnet-graph';
import { SILENT_FACE_SOURCE, type SilentFaceModelSpec } from './silent-face-models';

export interface ManifestEntry {
  file: string;
  sha256: string;
  source: { repository: string; commit: string; path: string; sha256: string; converter: string };
  version: string;
  licence: string;
  licenceFile: string;
  inputs: Array<{ name: string; shape: Array<number | string>; dtype: string }>;
  outputs: Array<{ name: string; shape: Array<number | string>; dtype: string; meaning: string }>;
  preprocessing: Record<string, unknown>;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Converts one checkpoint; pure function of the checkpoint bytes, so output bytes are reproducible. */
export function convertSilentFaceModel(spec: SilentFaceModelSpec, checkpoint: Uint8Array): { onnx: Uint8Array; manifest: ManifestEntry } {
  const tensors = readLegacyStateDict(checkpoint);
  const graph = new MiniFasNetGraph(tensors, { inputSize: spec.inputSize, graphName: spec.architecture });
  const metadata = {
    architecture: spec.architecture,
    source: `${SILENT_FACE_SOURCE.repository}@${SILENT_FACE_SOURCE.commit} resources/anti_spoof_models/${spec.sourceFile}`,
    licence: SILENT_FACE_SOURCE.licence,
    crop_scale: String(spec.cropScale),
    input: 'BGR, 0-255 float, NCHW, not normalised',
    classes: '1: live; 0 and 2: the two spoof classes upstream trained (test.py treats any argmax other than 1 as fake)',
  };
  const onnx = graph.build(metadata, `${spec.architecture} converted from ${spec.sourceFile}; BatchNorm folded, softmax appended.`);
  const size = spec.inputSize;
  return {
    onnx,
    manifest: {
      file: spec.onnxFile,
      sha256: sha256(onnx),
      source: {
        repository: SILENT_FACE_SOURCE.repository,
        commit: SILENT_FACE_SOURCE.commit,
        path: `resources/anti_spoof_models/${spec.sourceFile}`,
        sha256: sha256(checkpoint),
        converter: 'models/converter/pytorch (legacy torch pickle reader → onnx-proto)',
      },
      version: `${spec.architecture}-${SILENT_FACE_SOURCE.commit.slice(0, 7)}`,
      licence: SILENT_FACE_SOURCE.licence,
      licenceFile: SILENT_FACE_SOURCE.licenceFile,
      inputs: [{ name: 'input', shape: ['batch', 3, size, size], dtype: 'float32' }],
      outputs: [
        { name: 'logits', shape: ['batch', 3], dtype: 'float32', meaning: 'raw class scores' },
        { name: 'probabilities', shape: ['batch', 3], dtype: 'float32', meaning: 'softmax; index 1 = live' },
      ],
      preprocessing: {
        crop: `square-ish box: face box (x,y,w,h) scaled by ${spec.cropScale} about its centre, scale capped at min((H-1)/h,(W-1)/w), shifted inside the image (upstream CropImage._get_new_box), inclusive end pixels`,
        resize: `${size}x${size}, bilinear with half-pixel centres (OpenCV INTER_LINEAR)`,
        colour: 'BGR channel order',
        range: '0-255, no mean/std normalisation',
        layout: 'NCHW',
        upstreamFusion: 'sum the softmax of both models and take argmax; index 1 = live',
      },
    },
  };
}
