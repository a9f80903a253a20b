import { endianness } from 'node:os';
import { onnx } from 'onnx-proto';

/**
 * A small mutable view of an ONNX graph for pattern rewrites (see optimize-graph.ts): float constants by name
 * (initializers and Constant nodes), the consumers of each value, fresh names, node replacement in place and
 * removal of constants nothing reads any more.
 */
export type OnnxNode = onnx.INodeProto;

export interface FloatTensor {
  dims: number[];
  values: Float32Array;
}

const FLOAT = onnx.TensorProto.DataType.FLOAT;
const LITTLE_ENDIAN = endianness() === 'LE';

export class GraphView {
  private tensors = new Map<string, onnx.ITensorProto>();
  /** Decoded float constants; a name is never rebound to other values (rewrites add tensors under new names). */
  private decoded = new Map<string, FloatTensor | undefined>();
  private consumerMap = new Map<string, Set<OnnxNode>>();
  /** The inputs each node was indexed under, to unindex it after its inputs change. */
  private indexedInputs = new Map<OnnxNode, string[]>();
  private outputNames = new Set<string>();
  private usedNames = new Set<string>();
  private counter = 0;

  constructor(readonly graph: onnx.IGraphProto) {
    this.reindex();
  }

  get nodes(): OnnxNode[] {
    return this.graph.node ?? [];
  }

  /** Rebuilds the indexes from scratch. */
  reindex(): void {
    this.tensors.clear();
    this.consumerMap.clear();
    this.indexedInputs.clear();
    this.outputNames = new Set((this.graph.output ?? []).map((o) => o.name ?? ''));
    for (const t of this.graph.initializer ?? []) {
      this.tensors.set(t.name ?? '', t);
      this.usedNames.add(t.name ?? '');
    }
    for (const node of this.nodes) {
      for (const out of node.output ?? []) this.usedNames.add(out);
      if (node.opType === 'Constant') {
        const value = (node.attribute ?? []).find((a) => a.name === 'value' && a.t);
        if (value?.t) this.tensors.set((node.output ?? [])[0], value.t);
      }
      this.index(node);
    }
  }

  /** Re-indexes a node whose inputs were changed in place. */
  update(node: OnnxNode): void {
    this.unindex(node);
    this.index(node);
  }

  has(node: OnnxNode): boolean {
    return this.indexedInputs.has(node);
  }

  private index(node: OnnxNode): void {
    const inputs = [...(node.input ?? [])];
    this.indexedInputs.set(node, inputs);
    for (const input of inputs) {
      if (input === '') continue;
      const set = this.consumerMap.get(input);
      if (set) set.add(node);
      else this.consumerMap.set(input, new Set([node]));
    }
  }

  private unindex(node: OnnxNode): void {
    for (const input of this.indexedInputs.get(node) ?? []) this.consumerMap.get(input)?.delete(node);
    this.indexedInputs.delete(node);
  }

  consumers(name: string): OnnxNode[] {
    return [...(this.consumerMap.get(name) ?? [])];
  }

  /** The only node reading `name`, when exactly one does and it is not a graph output. */
  soleConsumer(name: string): OnnxNode | undefined {
    const set = this.consumerMap.get(name);
    if (!set || set.size !== 1 || this.outputNames.has(name)) return undefined;
    const [node] = set;
    // A node reading the value twice (Mul(x, x)) is one consumer but not a simple chain.
    return (node.input ?? []).filter((i) => i === name).length === 1 ? node : undefined;
  }

  /** A float32 constant's dimensions and values; undefined when `name` is not a constant float tensor. */
  floatConstant(name: string): FloatTensor | undefined {
    if (!this.decoded.has(name)) {
      const t = this.tensors.get(name);
      this.decoded.set(name, t ? decodeFloatTensor(t) : undefined);
    }
    return this.decoded.get(name);
  }

  /** A scalar (one-element) float constant's value. */
  scalarConstant(name: string): number | undefined {
    const c = this.floatConstant(name);
    return c && c.values.length === 1 ? c.values[0] : undefined;
  }

  /** Adds a float32 initializer under a fresh name derived from `prefix`; returns the name. */
  addFloatInitializer(prefix: string, dims: number[], values: Float32Array): string {
    const name = this.freshName(prefix);
    this.addInitializer({ name, dims, dataType: FLOAT, rawData: encodeFloats(values) });
    return name;
  }

  private addInitializer(tensor: onnx.ITensorProto): void {
    if (!this.graph.initializer) this.graph.initializer = [];
    this.graph.initializer.push(tensor);
    this.tensors.set(tensor.name ?? '', tensor);
  }

  freshName(prefix: string): string {
    let name = prefix;
    while (this.usedNames.has(name)) name = `${prefix}_${++this.counter}`;
    this.usedNames.add(name);
    return name;
  }

  /**
   * Removes `remove` and puts `add` where the last removed node was. The replacement reads values produced
   * before the first removed node and its outputs are read after the last, so topological order holds.
   */
  replace(remove: OnnxNode[], add: OnnxNode[]): void {
    const nodes = this.nodes;
    const gone = new Set(remove);
    const last = Math.max(...remove.map((n) => nodes.indexOf(n)));
    const result: OnnxNode[] = [];
    nodes.forEach((node, i) => {
      if (!gone.has(node)) result.push(node);
      if (i === last) result.push(...add);
    });
    this.graph.node = result;
    for (const node of remove) this.unindex(node);
    for (const node of add) {
      for (const out of node.output ?? []) this.usedNames.add(out);
      this.index(node);
    }
  }

  /** Drops Constant nodes and initializers (other than declared graph inputs) that no node or output reads. */
  removeUnusedConstants(): void {
    const read = new Set<string>([...this.outputNames]);
    for (const node of this.nodes) for (const input of node.input ?? []) read.add(input);
    const inputs = new Set((this.graph.input ?? []).map((i) => i.name ?? ''));
    this.graph.node = this.nodes.filter((n) => n.opType !== 'Constant' || (n.output ?? []).some((o) => read.has(o)));
    this.graph.initializer = (this.graph.initializer ?? []).filter((t) => read.has(t.name ?? '') || inputs.has(t.name ?? ''));
    this.reindex();
  }
}

function decodeFloatTensor(t: onnx.ITensorProto): FloatTensor | undefined {
  if (t.dataType !== FLOAT || (t.externalData ?? []).length > 0) return undefined;
  const dims = (t.dims ?? []).map(Number);
  const count = dims.reduce((a, b) => a * b, 1);
  const raw = t.rawData;
  if (raw && raw.length > 0) {
    if (raw.length !== count * 4) return undefined;
    if (LITTLE_ENDIAN) return { dims, values: new Float32Array(new Uint8Array(raw).buffer, 0, count) };
    const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    return { dims, values: Float32Array.from({ length: count }, (_, i) => view.getFloat32(i * 4, true)) };
  }
  const data = t.floatData ?? [];
  return data.length === count ? { dims, values: Float32Array.from(data) } : undefined;
}

/** Little-endian float32 bytes (TensorProto raw_data). */
function encodeFloats(values: Float32Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(values.buffer.slice(values.byteOffset, values.byteOffset + values.byteLength));
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return bytes;
}

export function attribute(node: OnnxNode, name: string): onnx.IAttributeProto | undefined {
  return (node.attribute ?? []).find((a) => a.name === name);
}

export function intsAttribute(node: OnnxNode, name: string): number[] | undefined {
  const a = attribute(node, name);
  return a ? (a.ints ?? []).map(Number) : undefined;
}

export function intAttribute(node: OnnxNode, name: string, fallback: number): number {
  const a = attribute(node, name);
  return a && a.i !== undefined && a.i !== null ? Number(a.i) : fallback;
}

export function floatAttribute(node: OnnxNode, name: string): number | undefined {
  const a = attribute(node, name);
  return a && a.type === onnx.AttributeProto.AttributeType.FLOAT ? (a.f ?? 0) : undefined;
}

export function stringAttribute(node: OnnxNode, name: string): string | undefined {
  const a = attribute(node, name);
  return a?.s ? Buffer.from(a.s).toString('utf8') : undefined;
}

export function floatAttr(name: string, value: number): onnx.IAttributeProto {
  return { name, type: onnx.AttributeProto.AttributeType.FLOAT, f: value };
}

/** The default-domain opset the model imports. */
export function defaultOpset(model: onnx.IModelProto): number {
  const entry = (model.opsetImport ?? []).find((o) => !o.domain || o.domain === 'ai.onnx');
  return entry ? Number(entry.version ?? 0) : 0;
}
