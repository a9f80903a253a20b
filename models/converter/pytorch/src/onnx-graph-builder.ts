import { onnx } from 'onnx-proto';

/**
 * A small ONNX graph builder on top of `onnx-proto` (protobufjs static code). Only what the
 * converter needs: float32 initializers, nodes with int/ints/float attributes, typed inputs and
 * outputs. Names come from counters and every field is set in a fixed order, so the same weights
 * always serialise to the same bytes (no timestamps, no random ids).
 */

export type AttributeValue = number | number[] | { float: number };

export interface TensorShape {
  /** A number for a fixed dimension, a string for a symbolic one (e.g. 'batch'). */
  dims: Array<number | string>;
}

export class OnnxGraphBuilder {
  private readonly nodes: onnx.INodeProto[] = [];
  private readonly initializers: onnx.ITensorProto[] = [];
  private readonly inputs: onnx.IValueInfoProto[] = [];
  private readonly outputs: onnx.IValueInfoProto[] = [];
  private readonly usedNames = new Set<string>();
  private nodeCount = 0;

  constructor(private readonly graphName: string) {}

  private unique(name: string): string {
    if (this.usedNames.has(name)) throw new Error(`Duplicate ONNX name ${name}`);
    this.usedNames.add(name);
    return name;
  }

  addInput(name: string, shape: TensorShape): string {
    this.inputs.push(valueInfo(this.unique(name), shape));
    return name;
  }

  markOutput(name: string, shape: TensorShape): void {
    this.outputs.push(valueInfo(name, shape));
  }

  /** A float32 constant; values are rounded to float32 here, once. */
  addInitializer(name: string, dims: number[], values: ArrayLike<number>): string {
    const count = dims.reduce((a, b) => a * b, 1);
    if (count !== values.length) throw new Error(`Initializer ${name}: ${values.length} values for shape ${dims.join('x')}`);
    const raw = new Uint8Array(count * 4);
    const view = new DataView(raw.buffer);
    for (let i = 0; i < count; i++) view.setFloat32(i * 4, values[i], true);
    this.initializers.push({ name: this.unique(name), dims, dataType: onnx.TensorProto.DataType.FLOAT, rawData: raw });
    return name;
  }

  /** Adds a node and returns its (single) output name. */
  addNode(opType: string, inputs: string[], attributes: Record<string, AttributeValue> = {}, outputName?: string): string {
    const index = this.nodeCount++;
    const output = this.unique(outputName ?? `${opType.toLowerCase()}_${index}`);
    const attribute = Object.keys(attributes)
      .sort()
      .map((key) => attributeProto(key, attributes[key]));
    this.nodes.push({ name: `${opType}_${index}`, opType, input: inputs, output: [output], attribute });
    return output;
  }

  toModel(options: { producerName: string; producerVersion: string; docString: string; metadata: Record<string, string> }): Uint8Array {
    const model: onnx.IModelProto = {
      irVersion: 8,
      opsetImport: [{ domain: '', version: 13 }],
      producerName: options.producerName,
      producerVersion: options.producerVersion,
      docString: options.docString,
      graph: { name: this.graphName, node: this.nodes, initializer: this.initializers, input: this.inputs, output: this.outputs },
      metadataProps: Object.keys(options.metadata)
        .sort()
        .map((key) => ({ key, value: options.metadata[key] })),
    };
    return onnx.ModelProto.encode(model).finish();
  }
}

function valueInfo(name: string, shape: TensorShape): onnx.IValueInfoProto {
  return {
    name,
    type: {
      tensorType: {
        elemType: onnx.TensorProto.DataType.FLOAT,
        shape: { dim: shape.dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) },
      },
    },
  };
}

function attributeProto(name: string, value: AttributeValue): onnx.IAttributeProto {
  if (Array.isArray(value)) return { name, type: onnx.AttributeProto.AttributeType.INTS, ints: value };
  if (typeof value === 'number') return { name, type: onnx.AttributeProto.AttributeType.INT, i: value };
  return { name, type: onnx.AttributeProto.AttributeType.FLOAT, f: value.float };
}
