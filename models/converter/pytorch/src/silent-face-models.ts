/**
 * The two Silent-Face-Anti-Spoofing checkpoints we ship, with what upstream's file names and
 * test.py/anti_spoof_predict.py say about their input. One place, read by the converter (for the
 * manifest) and mirrored by the runtime's crop code.
 */
export interface SilentFaceModelSpec {
  /** File written under models/. */
  onnxFile: string;
  /** Checkpoint name in the upstream repository (resources/anti_spoof_models/). */
  sourceFile: string;
  architecture: 'MiniFASNetV2' | 'MiniFASNetV1SE';
  /** Crop side = face box side × scale (upstream parse_model_name: the leading number). */
  cropScale: number;
  inputSize: number;
}

export const SILENT_FACE_MODELS: readonly SilentFaceModelSpec[] = [
  { onnxFile: 'minifasnet-v2.onnx', sourceFile: '2.7_80x80_MiniFASNetV2.pth', architecture: 'MiniFASNetV2', cropScale: 2.7, inputSize: 80 },
  {
    onnxFile: 'minifasnet-v1se.onnx',
    sourceFile: '4_0_0_80x80_MiniFASNetV1SE.pth',
    architecture: 'MiniFASNetV1SE',
    cropScale: 4.0,
    inputSize: 80,
  },
];

export const SILENT_FACE_SOURCE = {
  repository: 'github.com/minivision-ai/Silent-Face-Anti-Spoofing',
  commit: 'b6d5f04ad78778917853b25c778acef6d5626d15',
  licence: 'Apache-2.0',
  licenceFile: 'LICENSES/silent-face-anti-spoofing.txt',
} as const;
