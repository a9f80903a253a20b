import { isGlobal, isTuple, PickleError, readPickle, type PickleValue } from './pickle-machine';

/**
 * Reads a state_dict saved by `torch.save` in the legacy (pre-1.6, non-zip) serialization:
 * five pickles in a row (magic number, protocol version, sys_info, the object whose tensors point at
 * storages through persistent ids, the list of storage keys), then for each key in that list's
 * order an 8-byte little-endian element count followed by the raw little-endian elements.
 */

/** torch's legacy magic number, 0x1950a86a20f9469cfc6c. */
const LEGACY_MAGIC = 0x1950a86a20f9469cfc6cn;
const SUPPORTED_PROTOCOL_VERSION = 1001;

export type TorchDType = 'float32' | 'int64' | 'float64' | 'int32' | 'uint8';

const STORAGE_TYPES: Record<string, { dtype: TorchDType; bytes: number }> = {
  FloatStorage: { dtype: 'float32', bytes: 4 },
  DoubleStorage: { dtype: 'float64', bytes: 8 },
  LongStorage: { dtype: 'int64', bytes: 8 },
  IntStorage: { dtype: 'int32', bytes: 4 },
  ByteStorage: { dtype: 'uint8', bytes: 1 },
};

export interface TorchTensor {
  dtype: TorchDType;
  shape: number[];
  /** Contiguous row-major values; int64 as bigint so nothing is silently rounded. */
  data: Float64Array | BigInt64Array;
}

interface StorageRef {
  kind: 'reduce';
  callable: { kind: 'global'; module: 'storage'; name: string };
  args: PickleValue[];
  key: string;
  dtype: TorchDType;
  elementBytes: number;
}

interface TensorRef {
  kind: 'reduce';
  callable: PickleValue;
  args: PickleValue[];
  storage: StorageRef;
  storageOffset: number;
  size: number[];
  stride: number[];
}

function numbers(value: PickleValue, what: string): number[] {
  if (!isTuple(value)) throw new PickleError(`${what} is not a tuple`);
  return value.items.map((item) => {
    if (typeof item !== 'number') throw new PickleError(`${what} holds a non-integer`);
    return item;
  });
}

function parseStorageId(id: PickleValue): StorageRef {
  if (!isTuple(id) || id.items[0] !== 'storage') throw new PickleError('Unexpected persistent id');
  const [, storageType, key] = id.items;
  if (
    typeof storageType !== 'object' ||
    storageType === null ||
    Array.isArray(storageType) ||
    storageType instanceof Uint8Array ||
    storageType.kind !== 'global' ||
    storageType.module !== 'torch'
  )
    throw new PickleError('Storage type is not a torch global');
  const type = STORAGE_TYPES[storageType.name];
  if (!type) throw new PickleError(`Unsupported storage type ${storageType.name}`);
  if (typeof key !== 'string') throw new PickleError('Storage key is not a string');
  return {
    kind: 'reduce',
    callable: { kind: 'global', module: 'storage', name: storageType.name },
    args: [],
    key,
    dtype: type.dtype,
    elementBytes: type.bytes,
  };
}

function isStorageRef(value: PickleValue): value is StorageRef & PickleValue {
  return typeof value === 'object' && value !== null && 'key' in value && 'elementBytes' in value;
}

function rebuildTensor(callable: PickleValue, args: PickleValue[]): PickleValue | undefined {
  if (!isGlobal(callable, 'torch._utils', '_rebuild_tensor_v2') && !isGlobal(callable, 'torch._utils', '_rebuild_tensor')) return undefined;
  const [storage, offset, size, stride] = args;
  if (!isStorageRef(storage)) throw new PickleError('Tensor without a storage');
  if (typeof offset !== 'number') throw new PickleError('Tensor storage offset is not an integer');
  const ref: TensorRef = {
    kind: 'reduce',
    callable,
    args: [],
    storage,
    storageOffset: offset,
    size: numbers(size, 'size'),
    stride: numbers(stride, 'stride'),
  };
  return ref as unknown as PickleValue;
}

function isTensorRef(value: PickleValue): value is TensorRef & PickleValue {
  return typeof value === 'object' && value !== null && 'storageOffset' in value;
}

/** Copies a (possibly strided) view out of its storage into a contiguous array. */
function materialize(ref: TensorRef, storage: Float64Array | BigInt64Array): TorchTensor {
  const count = ref.size.reduce((a, b) => a * b, 1);
  const out = ref.storage.dtype === 'int64' ? new BigInt64Array(count) : new Float64Array(count);
  const index = new Array<number>(ref.size.length).fill(0);
  for (let i = 0; i < count; i++) {
    let source = ref.storageOffset;
    for (let d = 0; d < index.length; d++) source += index[d] * ref.stride[d];
    if (source >= storage.length) throw new PickleError('Tensor view reaches past its storage');
    out[i] = storage[source];
    for (let d = index.length - 1; d >= 0; d--) {
      if (++index[d] < ref.size[d]) break;
      index[d] = 0;
    }
  }
  return { dtype: ref.storage.dtype, shape: [...ref.size], data: out };
}

function readStorage(
  buffer: Uint8Array,
  view: DataView,
  pos: number,
  dtype: TorchDType,
  elementBytes: number,
): { data: Float64Array | BigInt64Array; end: number } {
  if (pos + 8 > buffer.length) throw new PickleError('Truncated storage header');
  const count = Number(view.getBigInt64(pos, true));
  const start = pos + 8;
  const end = start + count * elementBytes;
  if (count < 0 || end > buffer.length) throw new PickleError('Truncated storage data');
  if (dtype === 'int64') {
    const data = new BigInt64Array(count);
    for (let i = 0; i < count; i++) data[i] = view.getBigInt64(start + 8 * i, true);
    return { data, end };
  }
  const data = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const at = start + elementBytes * i;
    data[i] =
      dtype === 'float32'
        ? view.getFloat32(at, true)
        : dtype === 'float64'
          ? view.getFloat64(at, true)
          : dtype === 'int32'
            ? view.getInt32(at, true)
            : view.getUint8(at);
  }
  return { data, end };
}

/** The state_dict as ordered name → tensor, names exactly as saved (e.g. with a `module.` prefix). */
export function readLegacyStateDict(file: Uint8Array): Map<string, TorchTensor> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const magic = readPickle(file, 0);
  if (magic.value !== LEGACY_MAGIC && magic.value !== Number(LEGACY_MAGIC))
    throw new PickleError('Not a legacy torch file (magic number differs)');
  const protocol = readPickle(file, magic.end);
  if (protocol.value !== SUPPORTED_PROTOCOL_VERSION) throw new PickleError(`Unsupported torch protocol version ${String(protocol.value)}`);
  const sysInfo = readPickle(file, protocol.end);
  const root = readPickle(file, sysInfo.end, {
    persistentLoad: (id) => parseStorageId(id) as unknown as PickleValue,
    reduce: rebuildTensor,
  });
  const keys = readPickle(file, root.end);
  if (!Array.isArray(keys.value) || keys.value.some((k) => typeof k !== 'string')) throw new PickleError('Storage key list is malformed');

  const tensorRefs = new Map<string, TensorRef>();
  const rootValue = root.value;
  if (
    typeof rootValue !== 'object' ||
    rootValue === null ||
    Array.isArray(rootValue) ||
    rootValue instanceof Uint8Array ||
    rootValue.kind !== 'dict'
  ) {
    throw new PickleError('The saved object is not a state_dict');
  }
  for (const [name, value] of rootValue.entries) {
    if (typeof name === 'string' && isTensorRef(value)) tensorRefs.set(name, value);
  }
  const storageTypes = new Map<string, StorageRef>();
  for (const ref of tensorRefs.values()) storageTypes.set(ref.storage.key, ref.storage);

  const storages = new Map<string, Float64Array | BigInt64Array>();
  let pos = keys.end;
  for (const key of keys.value as string[]) {
    const type = storageTypes.get(key);
    if (!type) throw new PickleError(`Storage ${key} is not referenced by any tensor`);
    const { data, end } = readStorage(file, view, pos, type.dtype, type.elementBytes);
    storages.set(key, data);
    pos = end;
  }
  if (pos !== file.length) throw new PickleError(`${file.length - pos} unexplained bytes after the last storage`);

  const tensors = new Map<string, TorchTensor>();
  for (const [name, ref] of tensorRefs) {
    const storage = storages.get(ref.storage.key);
    if (!storage) throw new PickleError(`Storage ${ref.storage.key} missing for ${name}`);
    tensors.set(name, materialize(ref, storage));
  }
  return tensors;
}
