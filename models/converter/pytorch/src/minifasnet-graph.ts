import { type TorchTensor } from './legacy-torch-reader';
import { OnnxGraphBuilder } from './onnx-graph-builder';

/**
 * MiniFASNetV1/V2/V1SE/V2SE (minivision-ai/Silent-Face-Anti-Spoofing, src/model_lib/MiniFASNet.py)
 * rebuilt as an ONNX graph from its state_dict. The layer sequence and strides follow that file;
 * channel counts and depthwise groups are read from the weight shapes, so one builder serves
 * both the '1.8M' (V1SE) and '1.8M_' (V2) channel plans.
 *
 * Inference-time simplifications, each exact up to float32 rounding:
 *  - every BatchNorm (eval mode, eps 1e-5) is folded into the Conv/Linear before it;
 *  - Dropout is the identity at inference and is left out;
 *  - the SE module's GlobalAveragePool replaces AdaptiveAvgPool2d(1).
 * Outputs: `logits` (what the PyTorch forward returns) and `probabilities` = Softmax(logits),
 * which is what upstream's predict() returns (F.softmax over the class axis).
 */

const BN_EPSILON = 1e-5;

export interface MiniFasNetGraphOptions {
  /** The input side (80 for the shipped 80x80 models). */
  inputSize: number;
  graphName: string;
}

class StateDict {
  private readonly used = new Set<string>();

  constructor(
    private readonly tensors: Map<string, TorchTensor>,
    private readonly prefix: string,
  ) {}

  has(name: string): boolean {
    return this.tensors.has(this.prefix + name);
  }

  get(name: string): TorchTensor {
    const tensor = this.tensors.get(this.prefix + name);
    if (!tensor) throw new Error(`state_dict has no ${this.prefix + name}`);
    this.used.add(this.prefix + name);
    return tensor;
  }

  /** Names that the graph did not consume (num_batches_tracked counters are expected here). */
  unused(): string[] {
    return [...this.tensors.keys()].filter((name) => !this.used.has(name) && !name.endsWith('num_batches_tracked'));
  }
}

interface ConvSpec {
  stride: number;
  padding: number;
}

/** y = BN(conv(x)) as one Conv: W' = W·γ/√(σ²+ε), b' = β − μ·γ/√(σ²+ε). */
function foldConvBatchNorm(
  weights: TorchTensor,
  gamma: TorchTensor,
  beta: TorchTensor,
  mean: TorchTensor,
  variance: TorchTensor,
): { weight: Float64Array; bias: Float64Array } {
  const outChannels = weights.shape[0];
  const perChannel = weights.data.length / outChannels;
  const weight = new Float64Array(weights.data.length);
  const bias = new Float64Array(outChannels);
  for (let c = 0; c < outChannels; c++) {
    const scale = Number(gamma.data[c]) / Math.sqrt(Number(variance.data[c]) + BN_EPSILON);
    for (let i = 0; i < perChannel; i++) weight[c * perChannel + i] = Number(weights.data[c * perChannel + i]) * scale;
    bias[c] = Number(beta.data[c]) - Number(mean.data[c]) * scale;
  }
  return { weight, bias };
}

export class MiniFasNetGraph {
  private readonly graph: OnnxGraphBuilder;
  private readonly state: StateDict;
  private channels = 3;

  constructor(
    tensors: Map<string, TorchTensor>,
    private readonly options: MiniFasNetGraphOptions,
  ) {
    const prefix = [...tensors.keys()][0]?.startsWith('module.') ? 'module.' : '';
    this.state = new StateDict(tensors, prefix);
    this.graph = new OnnxGraphBuilder(options.graphName);
  }

  /** Conv (BN folded), followed by PReLU when the block has one (Conv_block vs Linear_block). */
  private convBlock(name: string, input: string, spec: ConvSpec): string {
    const weights = this.state.get(`${name}.conv.weight`);
    const folded = foldConvBatchNorm(
      weights,
      this.state.get(`${name}.bn.weight`),
      this.state.get(`${name}.bn.bias`),
      this.state.get(`${name}.bn.running_mean`),
      this.state.get(`${name}.bn.running_var`),
    );
    const [outChannels, inPerGroup, kh, kw] = weights.shape;
    const groups = this.channels / inPerGroup;
    if (!Number.isInteger(groups)) throw new Error(`${name}: ${this.channels} input channels do not split into groups of ${inPerGroup}`);
    const w = this.graph.addInitializer(`${name}.weight`, weights.shape, folded.weight);
    const b = this.graph.addInitializer(`${name}.bias`, [outChannels], folded.bias);
    let out = this.graph.addNode('Conv', [input, w, b], {
      group: groups,
      kernel_shape: [kh, kw],
      pads: [spec.padding, spec.padding, spec.padding, spec.padding],
      strides: [spec.stride, spec.stride],
    });
    this.channels = outChannels;
    if (this.state.has(`${name}.prelu.weight`)) {
      const slope = this.state.get(`${name}.prelu.weight`);
      // ONNX PRelu broadcasts numpy-style, so the per-channel slope must be [C,1,1] against NCHW.
      const s = this.graph.addInitializer(`${name}.prelu.slope`, [slope.shape[0], 1, 1], Array.from(slope.data, Number));
      out = this.graph.addNode('PRelu', [out, s]);
    }
    return out;
  }

  /** SEModule: x · sigmoid(BN(fc2(relu(BN(fc1(avgpool(x))))))). */
  private squeezeExcite(name: string, input: string): string {
    const channelsIn = this.channels;
    const pooled = this.graph.addNode('GlobalAveragePool', [input]);
    const fc = (fcName: string, bnName: string, from: string): string => {
      const weights = this.state.get(`${name}.${fcName}.weight`);
      const folded = foldConvBatchNorm(
        weights,
        this.state.get(`${name}.${bnName}.weight`),
        this.state.get(`${name}.${bnName}.bias`),
        this.state.get(`${name}.${bnName}.running_mean`),
        this.state.get(`${name}.${bnName}.running_var`),
      );
      const w = this.graph.addInitializer(`${name}.${fcName}.weight`, weights.shape, folded.weight);
      const b = this.graph.addInitializer(`${name}.${fcName}.bias`, [weights.shape[0]], folded.bias);
      return this.graph.addNode('Conv', [from, w, b], { kernel_shape: [1, 1] });
    };
    const squeezed = this.graph.addNode('Relu', [fc('fc1', 'bn1', pooled)]);
    const gate = this.graph.addNode('Sigmoid', [fc('fc2', 'bn2', squeezed)]);
    this.channels = channelsIn;
    return this.graph.addNode('Mul', [input, gate]);
  }

  /** Depth_Wise / Depth_Wise_SE: 1x1 expand, 3x3 depthwise, 1x1 project, optional SE and shortcut. */
  private depthWise(name: string, input: string, stride: number, residual: boolean): string {
    let out = this.convBlock(`${name}.conv`, input, { stride: 1, padding: 0 });
    out = this.convBlock(`${name}.conv_dw`, out, { stride, padding: 1 });
    out = this.convBlock(`${name}.project`, out, { stride: 1, padding: 0 });
    if (!residual) return out;
    if (this.state.has(`${name}.se_module.fc1.weight`)) out = this.squeezeExcite(`${name}.se_module`, out);
    return this.graph.addNode('Add', [input, out]);
  }

  /** Residual / ResidualSE: as many stride-1 residual Depth_Wise blocks as the state_dict holds. */
  private residualStage(name: string, input: string): string {
    let out = input;
    for (let i = 0; this.state.has(`${name}.model.${i}.conv.conv.weight`); i++) out = this.depthWise(`${name}.model.${i}`, out, 1, true);
    return out;
  }

  /** Linear without bias followed by BatchNorm1d, as one Gemm. */
  private linearBatchNorm(input: string): string {
    const weights = this.state.get('linear.weight');
    const asConv: TorchTensor = { ...weights, shape: [weights.shape[0], weights.shape[1], 1, 1] };
    const folded = foldConvBatchNorm(
      asConv,
      this.state.get('bn.weight'),
      this.state.get('bn.bias'),
      this.state.get('bn.running_mean'),
      this.state.get('bn.running_var'),
    );
    const w = this.graph.addInitializer('linear.weight', weights.shape, folded.weight);
    const b = this.graph.addInitializer('linear.bias', [weights.shape[0]], folded.bias);
    return this.graph.addNode('Gemm', [input, w, b], { transB: 1 });
  }

  build(metadata: Record<string, string>, docString: string): Uint8Array {
    const size = this.options.inputSize;
    let x = this.graph.addInput('input', { dims: ['batch', 3, size, size] });
    x = this.convBlock('conv1', x, { stride: 2, padding: 1 });
    x = this.convBlock('conv2_dw', x, { stride: 1, padding: 1 });
    x = this.depthWise('conv_23', x, 2, false);
    x = this.residualStage('conv_3', x);
    x = this.depthWise('conv_34', x, 2, false);
    x = this.residualStage('conv_4', x);
    x = this.depthWise('conv_45', x, 2, false);
    x = this.residualStage('conv_5', x);
    x = this.convBlock('conv_6_sep', x, { stride: 1, padding: 0 });
    x = this.convBlock('conv_6_dw', x, { stride: 1, padding: 0 });
    x = this.graph.addNode('Flatten', [x], { axis: 1 });
    // Upstream skips `linear` only when embedding_size == 512; the shipped models use 128.
    if (this.state.has('linear.weight')) x = this.linearBatchNorm(x);
    const prob = this.state.get('prob.weight');
    const zeros = this.graph.addInitializer('prob.bias', [prob.shape[0]], new Float64Array(prob.shape[0]));
    const w = this.graph.addInitializer('prob.weight', prob.shape, Array.from(prob.data, Number));
    const logits = this.graph.addNode('Gemm', [x, w, zeros], { transB: 1 }, 'logits');
    this.graph.addNode('Softmax', [logits], { axis: 1 }, 'probabilities');
    this.graph.markOutput('logits', { dims: ['batch', prob.shape[0]] });
    this.graph.markOutput('probabilities', { dims: ['batch', prob.shape[0]] });
    const unused = this.state.unused();
    if (unused.length > 0) throw new Error(`Weights not used by the graph: ${unused.join(', ')}`);
    return this.graph.toModel({ producerName: '@kyc/model-converter-pytorch', producerVersion: '0.1.0', docString, metadata });
  }
}
