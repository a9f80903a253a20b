import { onnx } from 'onnx-proto';
import {
  defaultOpset,
  floatAttr,
  floatAttribute,
  GraphView,
  intAttribute,
  intsAttribute,
  type FloatTensor,
  type OnnxNode,
  stringAttribute,
} from './onnx-graph';

/**
 * Rewrites of the PP-OCRv4 graphs, done in memory before the ONNX session is created. The models come from
 * paddle2onnx with PPLCNetV3's "learnable affine blocks" (a scalar Mul then a scalar Add after every conv and
 * after every activation) and HardSwish written out as x · Clip(x + 3, 0, 6) / 6. onnxruntime (1.30) fuses none
 * of it: its Conv+Mul and Conv+Add fusions want the constant as the second input and shaped [C,1,1] (Mul also
 * takes a rank-0 scalar), while paddle2onnx writes Mul(constant, x) with a [1]-shaped constant; and it has no
 * pattern for that HardSwish. So each conv output left the NCHWc layout for up to eight elementwise ops. After
 * these rewrites onnxruntime fuses each Conv → HardSigmoid·x into one NCHWc Conv with a HardSwish activation.
 *
 * Each rewrite is exact in real arithmetic; in float32 results differ only by rounding (ocr-graph-parity.spec.ts
 * compares the rewritten models with the originals).
 */

export interface OptimizeOptions {
  hardSwish?: boolean;
  foldAffine?: boolean;
}

export interface OptimizeReport {
  /** Operator nodes (Constant nodes not counted) before and after. */
  nodesBefore: number;
  nodesAfter: number;
  /** How many times each rewrite applied. */
  rewrites: Record<string, number>;
}

export function operatorCount(graph: onnx.IGraphProto): number {
  return (graph.node ?? []).filter((n) => n.opType !== 'Constant').length;
}

/** Decodes, rewrites and re-encodes an ONNX model. */
export function optimizeOnnxModel(bytes: Uint8Array, options: OptimizeOptions = {}): { bytes: Uint8Array; report: OptimizeReport } {
  const model = onnx.ModelProto.decode(bytes);
  const report = optimizeModel(model, options);
  return { bytes: onnx.ModelProto.encode(model).finish(), report };
}

export function optimizeModel(model: onnx.IModelProto, options: OptimizeOptions = {}): OptimizeReport {
  if (!model.graph) throw new Error('ONNX model without a graph');
  const view = new GraphView(model.graph);
  const report: OptimizeReport = { nodesBefore: operatorCount(model.graph), nodesAfter: 0, rewrites: {} };
  const count = (name: string, n: number) => {
    if (n > 0) report.rewrites[name] = (report.rewrites[name] ?? 0) + n;
  };
  // HardSwish first: folding would otherwise take its final division by 6 into the next conv.
  if ((options.hardSwish ?? true) && defaultOpset(model) >= 6) count('hardSwish', fuseHardSwish(view));
  if (options.foldAffine ?? true) {
    for (;;) {
      const n1 = foldAffineIntoPrecedingConv(view);
      const n2 = foldAffineIntoFollowingConv(view);
      const n3 = moveScaleAfterBias(view);
      count('affineIntoPrecedingConv', n1);
      count('affineIntoFollowingConv', n2);
      count('scaleMovedAfterBias', n3);
      if (n1 + n2 + n3 === 0) break;
    }
  }
  view.removeUnusedConstants();
  report.nodesAfter = operatorCount(model.graph);
  return report;
}

// ---------------------------------------------------------------------------------------------------------
// HardSwish

/**
 * Add(x, 3) → Clip(0, 6) → Mul(x, ·) → Div(6) (or Mul(1/6), or the division before the Mul), the intermediate
 * values read by nothing else, becomes HardSigmoid(x; α = 1/6, β = 1/2) → Mul(x, ·):
 *   x · Clip(x + 3, 0, 6) / 6 = x · max(0, min(1, x/6 + 1/2)),
 * which is how the ONNX spec defines HardSwish. Not the HardSwish op itself: that needs opset 14 and these
 * models import 9 (recogniser) and 11 (detector); onnxruntime fuses HardSigmoid + Mul into a HardSwish
 * activation of the preceding conv anyway (measured: the same time as the single op with the opset raised).
 */
export function fuseHardSwish(view: GraphView): number {
  let fused = 0;
  for (const add of [...view.nodes]) {
    if (add.opType !== 'Add' || !view.has(add)) continue;
    const x = otherInput(view, add, (v) => v === 3);
    if (x === undefined) continue;
    const clip = view.soleConsumer(add.output![0]);
    if (!clip || !isClip(view, clip, 0, 6)) continue;
    const next = view.soleConsumer(clip.output![0]);
    if (!next) continue;
    let chain: OnnxNode[] | undefined;
    if (next.opType === 'Mul' && sameSet(next.input!, [x, clip.output![0]])) {
      const divide = view.soleConsumer(next.output![0]);
      if (divide && isDivisionBySix(view, divide, next.output![0])) chain = [add, clip, next, divide];
    } else if (isDivisionBySix(view, next, clip.output![0])) {
      const multiply = view.soleConsumer(next.output![0]);
      if (multiply && multiply.opType === 'Mul' && sameSet(multiply.input!, [x, next.output![0]])) chain = [add, clip, next, multiply];
    }
    if (!chain) continue;
    const output = chain[3].output![0];
    const gate = view.freshName(`${output}/hardsigmoid`);
    view.replace(chain, [
      { opType: 'HardSigmoid', name: gate, input: [x], output: [gate], attribute: [floatAttr('alpha', 1 / 6), floatAttr('beta', 0.5)] },
      { opType: 'Mul', name: view.freshName(`${output}/hardswish`), input: [x, gate], output: [output] },
    ]);
    fused += 1;
  }
  return fused;
}

function isClip(view: GraphView, node: OnnxNode, min: number, max: number): boolean {
  if (node.opType !== 'Clip') return false;
  const inputs = node.input ?? [];
  // Opset < 11: min/max are attributes; from 11 they are optional inputs.
  const lo = inputs[1] ? view.scalarConstant(inputs[1]) : floatAttribute(node, 'min');
  const hi = inputs[2] ? view.scalarConstant(inputs[2]) : floatAttribute(node, 'max');
  return lo === min && hi === max;
}

function isDivisionBySix(view: GraphView, node: OnnxNode, input: string): boolean {
  const inputs = node.input ?? [];
  if (node.opType === 'Div') return inputs[0] === input && view.scalarConstant(inputs[1]) === 6;
  if (node.opType === 'Mul') {
    const c = otherInputValue(view, node, input);
    return c !== undefined && Math.abs(c * 6 - 1) < 1e-6;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------
// Affine (Mul/Add by constants) folded into convolutions

interface AffineStep {
  /** The non-constant input. */
  input: string;
  kind: 'scale' | 'bias';
  /** Multiplier (scale) or addend (bias), as broadcast against the input. */
  constant: FloatTensor;
}

/** Mul/Div/Add/Sub of one non-constant input by a float constant, as a scale or a bias. */
export function affineStep(view: GraphView, node: OnnxNode): AffineStep | undefined {
  const [a, b] = node.input ?? [];
  if ((node.input ?? []).length !== 2) return undefined;
  const ca = view.floatConstant(a);
  const cb = view.floatConstant(b);
  if (ca && cb) return undefined;
  switch (node.opType) {
    case 'Mul':
    case 'Add': {
      const constant = ca ?? cb;
      if (!constant) return undefined;
      return { input: ca ? b : a, kind: node.opType === 'Mul' ? 'scale' : 'bias', constant };
    }
    case 'Div':
      return cb ? { input: a, kind: 'scale', constant: { dims: cb.dims, values: cb.values.map((v) => 1 / v) } } : undefined;
    case 'Sub':
      return cb ? { input: a, kind: 'bias', constant: { dims: cb.dims, values: cb.values.map((v) => -v) } } : undefined;
    default:
      return undefined;
  }
}

/**
 * The constant expanded to one value per channel, when it broadcasts against an N×C×spatial tensor of `rank`
 * dimensions without changing its shape: a single value, or C values laid out along axis 1.
 */
export function perChannel(constant: FloatTensor, channels: number, rank: number): Float32Array | undefined {
  if (constant.dims.length > rank) return undefined;
  if (constant.values.length === 1) return new Float32Array(channels).fill(constant.values[0]);
  const dims = [...new Array<number>(rank - constant.dims.length).fill(1), ...constant.dims];
  if (dims[1] !== channels || dims.some((d, i) => i !== 1 && d !== 1)) return undefined;
  return constant.values.slice();
}

interface ConvParameters {
  weight: FloatTensor;
  bias: Float32Array;
  outChannels: number;
  inChannels: number;
  group: number;
  /** Weights per output channel (input channels per group × kernel size). */
  fanIn: number;
  rank: number;
  padded: boolean;
}

function convParameters(view: GraphView, conv: OnnxNode): ConvParameters | undefined {
  if (conv.opType !== 'Conv' || (conv.domain ?? '') !== '') return undefined;
  const inputs = conv.input ?? [];
  const weight = view.floatConstant(inputs[1]);
  if (!weight || weight.dims.length < 3) return undefined;
  const outChannels = weight.dims[0];
  let bias: Float32Array = new Float32Array(outChannels);
  if (inputs[2]) {
    const b = view.floatConstant(inputs[2]);
    if (!b || b.values.length !== outChannels) return undefined;
    bias = b.values;
  }
  const group = intAttribute(conv, 'group', 1);
  const autoPad = stringAttribute(conv, 'auto_pad') ?? 'NOTSET';
  const pads = intsAttribute(conv, 'pads') ?? [];
  const padded = (autoPad !== 'NOTSET' && autoPad !== 'VALID') || pads.some((p) => p !== 0);
  return {
    weight,
    bias,
    outChannels,
    inChannels: weight.dims[1] * group,
    group,
    fanIn: weight.values.length / outChannels,
    rank: weight.dims.length,
    padded,
  };
}

function setConvParameters(view: GraphView, conv: OnnxNode, weight: Float32Array, dims: number[], bias: Float32Array): void {
  const name = conv.output![0];
  conv.input = [
    conv.input![0],
    view.addFloatInitializer(`${name}/folded_weight`, dims, weight),
    view.addFloatInitializer(`${name}/folded_bias`, [bias.length], bias),
  ];
}

/**
 * Conv → Mul(k) / Add(b) by a scalar or per-output-channel constant, the conv's output read by nothing else:
 * k·(W∗x + B) + b = (k·W)∗x + (k·B + b), since each output channel of a convolution is linear in its weights.
 */
export function foldAffineIntoPrecedingConv(view: GraphView): number {
  let folded = 0;
  for (const conv of [...view.nodes]) {
    if (conv.opType !== 'Conv') continue;
    const next = view.soleConsumer(conv.output![0]);
    const step = next && affineStep(view, next);
    if (!next || !step || step.input !== conv.output![0]) continue;
    const p = convParameters(view, conv);
    if (!p) continue;
    const k = perChannel(step.constant, p.outChannels, p.rank);
    if (!k) continue;
    const weight = p.weight.values.slice();
    const bias = p.bias.slice();
    const { fanIn, outChannels } = p;
    for (let o = 0; o < outChannels; o += 1) {
      if (step.kind === 'scale') {
        const factor = k[o];
        for (let w = o * fanIn; w < (o + 1) * fanIn; w += 1) weight[w] *= factor;
        bias[o] *= factor;
      } else {
        bias[o] += k[o];
      }
    }
    setConvParameters(view, conv, weight, p.weight.dims, bias);
    conv.output = [next.output![0]];
    view.replace([next], []);
    view.update(conv);
    folded += 1;
  }
  return folded;
}

/**
 * Mul(s) / Add(b) by a scalar or per-input-channel constant whose only reader is a Conv (as its data input):
 *   scale: W∗(s·x) = (W·s)∗x — also with zero padding, as s·0 = 0;
 *   bias:  W∗(x + b) = W∗x + Σ W·b — only without padding: with it, border outputs would see b where the
 *          original saw padded zeros.
 */
export function foldAffineIntoFollowingConv(view: GraphView): number {
  let folded = 0;
  for (const node of [...view.nodes]) {
    const step = affineStep(view, node);
    if (!step) continue;
    const conv = view.soleConsumer(node.output![0]);
    if (!conv || conv.input![0] !== node.output![0] || conv.input!.indexOf(node.output![0], 1) !== -1) continue;
    const p = convParameters(view, conv);
    if (!p || (step.kind === 'bias' && p.padded)) continue;
    const c = perChannel(step.constant, p.inChannels, p.rank);
    if (!c) continue;
    const source = p.weight.values;
    const weight = source.slice();
    const bias = p.bias.slice();
    const { fanIn, outChannels } = p;
    const inPerGroup = p.inChannels / p.group;
    const outPerGroup = outChannels / p.group;
    const kernel = fanIn / inPerGroup;
    const scale = step.kind === 'scale';
    for (let o = 0; o < outChannels; o += 1) {
      const firstChannel = Math.floor(o / outPerGroup) * inPerGroup;
      let sum = 0;
      for (let i = 0; i < inPerGroup; i += 1) {
        const value = c[firstChannel + i];
        const start = o * fanIn + i * kernel;
        const end = start + kernel;
        if (scale) {
          for (let w = start; w < end; w += 1) weight[w] *= value;
        } else {
          for (let w = start; w < end; w += 1) sum += source[w] * value;
        }
      }
      bias[o] += sum;
    }
    setConvParameters(view, conv, weight, p.weight.dims, bias);
    conv.input![0] = step.input;
    view.replace([node], []);
    view.update(conv);
    folded += 1;
  }
  return folded;
}

/**
 * Mul(s) → Add(b) → padded Conv: the bias cannot enter the conv (see above) but the scale can once it comes
 * after the bias: s·x + b = s·(x + b/s) for s ≠ 0. Rewritten to Add(b/s) → Mul(s) → Conv, whose Mul
 * foldAffineIntoFollowingConv then removes.
 */
export function moveScaleAfterBias(view: GraphView): number {
  let moved = 0;
  for (const mul of [...view.nodes]) {
    if (!view.has(mul)) continue;
    const scale = affineStep(view, mul);
    if (!scale || scale.kind !== 'scale') continue;
    const add = view.soleConsumer(mul.output![0]);
    const bias = add && affineStep(view, add);
    if (!add || !bias || bias.kind !== 'bias' || bias.input !== mul.output![0]) continue;
    const conv = view.soleConsumer(add.output![0]);
    const p = conv && conv.input![0] === add.output![0] ? convParameters(view, conv) : undefined;
    if (!p || !p.padded) continue;
    const s = perChannel(scale.constant, p.inChannels, p.rank);
    const b = perChannel(bias.constant, p.inChannels, p.rank);
    if (!s || !b || s.some((v) => v === 0)) continue;
    const scalar = scale.constant.values.length === 1 && bias.constant.values.length === 1;
    const dims = scalar ? [1] : [p.inChannels, ...new Array<number>(p.rank - 2).fill(1)];
    const shifted = b.map((v, i) => v / s[i]);
    if (shifted.some((v) => !Number.isFinite(v))) continue;
    const out = add.output![0];
    const between = view.freshName(`${out}/shifted`);
    view.replace(
      [mul, add],
      [
        {
          opType: 'Add',
          name: between,
          input: [scale.input, view.addFloatInitializer(`${out}/bias_over_scale`, dims, scalar ? shifted.subarray(0, 1) : shifted)],
          output: [between],
        },
        {
          opType: 'Mul',
          name: view.freshName(`${out}/scale`),
          input: [between, view.addFloatInitializer(`${out}/scale`, dims, scalar ? s.subarray(0, 1) : s)],
          output: [out],
        },
      ],
    );
    moved += 1;
  }
  return moved;
}

// ---------------------------------------------------------------------------------------------------------

/** For a binary node with one scalar constant input satisfying `test`, the other input. */
function otherInput(view: GraphView, node: OnnxNode, test: (value: number) => boolean): string | undefined {
  const [a, b] = node.input ?? [];
  const vb = view.scalarConstant(b);
  if (vb !== undefined && test(vb) && view.floatConstant(a) === undefined) return a;
  const va = view.scalarConstant(a);
  if (va !== undefined && test(va) && view.floatConstant(b) === undefined) return b;
  return undefined;
}

/** For a binary node reading `input`, the scalar constant on its other side. */
function otherInputValue(view: GraphView, node: OnnxNode, input: string): number | undefined {
  const [a, b] = node.input ?? [];
  if (a === input) return view.scalarConstant(b);
  if (b === input) return view.scalarConstant(a);
  return undefined;
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');
}
