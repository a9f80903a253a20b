import { onnx } from 'onnx-proto';

/**
 * A small ONNX graph writer on top of onnx-proto.
 *
 * Output is deterministic: nodes, initializers and attributes are written in the order they were
 * added, tensors as little-endian raw bytes, and no timestamps or host names go into the model, so
 * building twice from the same weights gives the same bytes (models:build relies on that).
 */

export type AttributeValue = number | number[] | string | { float: number } | { floats: number[] };

export interface GraphInput {
  name: string;
  /** Dimensions; a string is a symbolic dimension (e.g. the batch size); undefined = shape not declared. */
  dims?: (number | string)[];
}

const OPSET_VERSION = 13;
const IR_VERSION = 7;

export class OnnxGraphBuilder {
  private readonly nodes: onnx.INodeProto[] = [];
  private readonly initializers: onnx.ITensorProto[] = [];
  private readonly names = new Set<string>();
  private counter = 0;

  constructor(private readonly graphName: string) {}

  /** A fresh tensor name with a readable prefix. */
  uniqueName(prefix: string): string {
    let name = prefix;
    while (this.names.has(name)) name = `${prefix}_${++this.counter}`;
    this.names.add(name);
    return name;
  }

  /** A float32 constant; returns its name. */
  floatConstant(name: string, dims: number[], values: Float32Array | number[]): string {
    const data = values instanceof Float32Array ? values : Float32Array.from(values);
    const expected = dims.reduce((a, b) => a * b, 1);
    if (data.length !== expected) throw new Error(`${name}: ${data.length} values for dims [${dims.join(',')}]`);
    const tensorName = this.uniqueName(name);
    this.initializers.push({
      name: tensorName,
      dims,
      dataType: onnx.TensorProto.DataType.FLOAT,
      rawData: littleEndianFloat32(data),
    });
    return tensorName;
  }

  /** An int64 constant (shapes, pads); returns its name. */
  int64Constant(name: string, values: number[]): string {
    const tensorName = this.uniqueName(name);
    const bytes = new Uint8Array(values.length * 8);
    const view = new DataView(bytes.buffer);
    values.forEach((v, i) => view.setBigInt64(i * 8, BigInt(v), true));
    this.initializers.push({ name: tensorName, dims: [values.length], dataType: onnx.TensorProto.DataType.INT64, rawData: bytes });
    return tensorName;
  }

  /** Adds a node with one output; returns the output name. */
  op(opType: string, inputs: string[], attributes: Record<string, AttributeValue> = {}, outputName?: string): string {
    const output = this.uniqueName(outputName ?? opType.toLowerCase());
    this.nodes.push({
      opType,
      name: output,
      input: inputs,
      output: [output],
      attribute: Object.entries(attributes).map(([key, value]) => toAttribute(key, value)),
    });
    return output;
  }

  /** Serializes the graph with the given input and output (float32 tensors). */
  toBytes(input: GraphInput, outputs: GraphInput[], docString: string): Uint8Array {
    const model = onnx.ModelProto.create({
      irVersion: IR_VERSION,
      producerName: 'kyc-models-converter',
      producerVersion: '1',
      docString,
      opsetImport: [{ domain: '', version: OPSET_VERSION }],
      graph: {
        name: this.graphName,
        node: this.nodes,
        initializer: this.initializers,
        input: [valueInfo(input)],
        output: outputs.map(valueInfo),
      },
    });
    return onnx.ModelProto.encode(model).finish();
  }
}

function valueInfo({ name, dims }: GraphInput): onnx.IValueInfoProto {
  return {
    name,
    type: {
      tensorType: {
        elemType: onnx.TensorProto.DataType.FLOAT,
        shape: dims ? { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) } : undefined,
      },
    },
  };
}

function toAttribute(name: string, value: AttributeValue): onnx.IAttributeProto {
  const T = onnx.AttributeProto.AttributeType;
  if (typeof value === 'string') return { name, type: T.STRING, s: new TextEncoder().encode(value) };
  if (Array.isArray(value)) return { name, type: T.INTS, ints: value };
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { name, type: T.INT, i: value } : { name, type: T.FLOAT, f: value };
  }
  if ('float' in value) return { name, type: T.FLOAT, f: value.float };
  return { name, type: T.FLOATS, floats: value.floats };
}

function littleEndianFloat32(data: Float32Array): Uint8Array {
  const bytes = new Uint8Array(data.length * 4);
  const view = new DataView(bytes.buffer);
  data.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return bytes;
}
