/**
 * A minimal Python pickle virtual machine: exactly the opcodes that protocol-2 pickles written by
 * `torch.save` (legacy, non-zip serialization) use. Nothing is executed: GLOBAL yields a plain
 * reference, REDUCE/BUILD yield descriptions, and the caller decides what a reference means
 * (see legacy-torch-reader.ts). Unknown opcodes stop the reader with a typed error instead of
 * guessing, so a file from a newer writer fails loudly.
 */

export class PickleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PickleError';
  }
}

/** `module.name` as written by a GLOBAL opcode. */
export interface PickleGlobal {
  kind: 'global';
  module: string;
  name: string;
}

/** `callable(*args)` as written by REDUCE or NEWOBJ; `state` is what a later BUILD supplied. */
export interface PickleReduce {
  kind: 'reduce';
  callable: PickleValue;
  args: PickleValue[];
  state?: PickleValue;
}

/** A dictionary keeps insertion order, as Python's does; keys are usually strings. */
export interface PickleDict {
  kind: 'dict';
  entries: Map<PickleKey, PickleValue>;
  /** For OrderedDict reduced with extra instance state (e.g. a state_dict's `_metadata`). */
  state?: PickleValue;
}

export type PickleKey = string | number | bigint | boolean | null;

export type PickleValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | Uint8Array
  | PickleValue[]
  | { kind: 'tuple'; items: PickleValue[] }
  | PickleDict
  | PickleGlobal
  | PickleReduce
  | { kind: 'persistent'; id: PickleValue };

export interface PickleHooks {
  /** Resolve a BINPERSID id (torch writes a storage descriptor tuple). */
  persistentLoad?: (id: PickleValue) => PickleValue;
  /** Called on REDUCE; return undefined to keep the generic description. */
  reduce?: (callable: PickleValue, args: PickleValue[]) => PickleValue | undefined;
}

const MARK = Symbol('mark');
type StackItem = PickleValue | typeof MARK;

export function isTuple(value: PickleValue): value is { kind: 'tuple'; items: PickleValue[] } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array) && value.kind === 'tuple';
}

export function isGlobal(value: PickleValue, module: string, name: string): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Uint8Array) &&
    value.kind === 'global' &&
    value.module === module &&
    value.name === name
  );
}

function asKey(value: PickleValue): PickleKey {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return value;
  throw new PickleError('Unsupported dictionary key type');
}

/**
 * Reads one pickle starting at `offset`; returns the value and the offset just past STOP, since
 * torch's legacy format writes several pickles back to back.
 */
export function readPickle(buffer: Uint8Array, offset: number, hooks: PickleHooks = {}): { value: PickleValue; end: number } {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const decoder = new TextDecoder('utf-8');
  const stack: StackItem[] = [];
  const memo = new Map<number, PickleValue>();
  let pos = offset;

  const need = (n: number): void => {
    if (pos + n > buffer.length) throw new PickleError(`Truncated pickle at byte ${pos}`);
  };
  const u8 = (): number => {
    need(1);
    return buffer[pos++];
  };
  const u16 = (): number => {
    need(2);
    const v = view.getUint16(pos, true);
    pos += 2;
    return v;
  };
  const u32 = (): number => {
    need(4);
    const v = view.getUint32(pos, true);
    pos += 4;
    return v;
  };
  const i32 = (): number => {
    need(4);
    const v = view.getInt32(pos, true);
    pos += 4;
    return v;
  };
  const bytes = (n: number): Uint8Array => {
    need(n);
    const b = buffer.subarray(pos, pos + n);
    pos += n;
    return b;
  };
  const line = (): string => {
    const end = buffer.indexOf(0x0a, pos);
    if (end < 0) throw new PickleError('Unterminated text line');
    const text = decoder.decode(buffer.subarray(pos, end));
    pos = end + 1;
    return text;
  };
  const pop = (): PickleValue => {
    const item = stack.pop();
    if (item === undefined || item === MARK) throw new PickleError('Stack underflow');
    return item;
  };
  const top = (): PickleValue => {
    const item = stack[stack.length - 1];
    if (item === undefined || item === MARK) throw new PickleError('Stack underflow');
    return item;
  };
  const popToMark = (): PickleValue[] => {
    const items: PickleValue[] = [];
    for (;;) {
      const item = stack.pop();
      if (item === undefined) throw new PickleError('MARK not found');
      if (item === MARK) return items.reverse();
      items.push(item);
    }
  };
  const setItems = (target: PickleValue, items: PickleValue[]): void => {
    if (typeof target !== 'object' || target === null || Array.isArray(target) || target instanceof Uint8Array || target.kind !== 'dict') {
      throw new PickleError('SETITEM on a non-dictionary');
    }
    for (let i = 0; i + 1 < items.length; i += 2) target.entries.set(asKey(items[i]), items[i + 1]);
  };
  const reduce = (callable: PickleValue, args: PickleValue[]): PickleValue => {
    const custom = hooks.reduce?.(callable, args);
    if (custom !== undefined) return custom;
    if (isGlobal(callable, 'collections', 'OrderedDict')) return { kind: 'dict', entries: new Map() };
    return { kind: 'reduce', callable, args };
  };
  // Python's two's-complement little-endian long, as LONG1/LONG4 encode it.
  const long = (n: number): bigint | number => {
    const b = bytes(n);
    let value = 0n;
    for (let i = n - 1; i >= 0; i--) value = (value << 8n) | BigInt(b[i]);
    if (n > 0 && b[n - 1] & 0x80) value -= 1n << BigInt(8 * n);
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  };

  for (;;) {
    const opcode = u8();
    switch (opcode) {
      case 0x80:
        u8();
        break; // PROTO
      case 0x2e:
        return { value: pop(), end: pos }; // STOP
      case 0x28:
        stack.push(MARK);
        break; // MARK
      case 0x4e:
        stack.push(null);
        break; // NONE
      case 0x88:
        stack.push(true);
        break; // NEWTRUE
      case 0x89:
        stack.push(false);
        break; // NEWFALSE
      case 0x4b:
        stack.push(u8());
        break; // BININT1
      case 0x4d:
        stack.push(u16());
        break; // BININT2
      case 0x4a:
        stack.push(i32());
        break; // BININT
      case 0x8a:
        stack.push(long(u8()));
        break; // LONG1
      case 0x8b:
        stack.push(long(i32()));
        break; // LONG4
      case 0x47: {
        need(8);
        stack.push(view.getFloat64(pos, false));
        pos += 8;
        break;
      } // BINFLOAT (big-endian)
      case 0x58: {
        const n = u32();
        stack.push(decoder.decode(bytes(n)));
        break;
      } // BINUNICODE
      case 0x8c: {
        const n = u8();
        stack.push(decoder.decode(bytes(n)));
        break;
      } // SHORT_BINUNICODE
      case 0x55: {
        const n = u8();
        stack.push(decoder.decode(bytes(n)));
        break;
      } // SHORT_BINSTRING
      case 0x54: {
        const n = i32();
        stack.push(decoder.decode(bytes(n)));
        break;
      } // BINSTRING
      case 0x43: {
        const n = u8();
        stack.push(bytes(n).slice());
        break;
      } // SHORT_BINBYTES
      case 0x42: {
        const n = u32();
        stack.push(bytes(n).slice());
        break;
      } // BINBYTES
      case 0x29:
        stack.push({ kind: 'tuple', items: [] });
        break; // EMPTY_TUPLE
      case 0x85: {
        const a = pop();
        stack.push({ kind: 'tuple', items: [a] });
        break;
      } // TUPLE1
      case 0x86: {
        const b = pop();
        const a = pop();
        stack.push({ kind: 'tuple', items: [a, b] });
        break;
      } // TUPLE2
      case 0x87: {
        const c = pop();
        const b = pop();
        const a = pop();
        stack.push({ kind: 'tuple', items: [a, b, c] });
        break;
      } // TUPLE3
      case 0x74:
        stack.push({ kind: 'tuple', items: popToMark() });
        break; // TUPLE
      case 0x5d:
        stack.push([]);
        break; // EMPTY_LIST
      case 0x6c:
        stack.push(popToMark());
        break; // LIST
      case 0x61: {
        const item = pop();
        const list = top();
        if (!Array.isArray(list)) throw new PickleError('APPEND on a non-list');
        list.push(item);
        break;
      } // APPEND
      case 0x65: {
        const items = popToMark();
        const list = top();
        if (!Array.isArray(list)) throw new PickleError('APPENDS on a non-list');
        list.push(...items);
        break;
      } // APPENDS
      case 0x7d:
        stack.push({ kind: 'dict', entries: new Map() });
        break; // EMPTY_DICT
      case 0x64: {
        const d: PickleDict = { kind: 'dict', entries: new Map() };
        setItems(d, popToMark());
        stack.push(d);
        break;
      } // DICT
      case 0x73: {
        const v = pop();
        const k = pop();
        setItems(top(), [k, v]);
        break;
      } // SETITEM
      case 0x75: {
        const items = popToMark();
        setItems(top(), items);
        break;
      } // SETITEMS
      case 0x63: {
        const module = line();
        const name = line();
        stack.push({ kind: 'global', module, name });
        break;
      } // GLOBAL
      case 0x52: {
        const args = pop();
        const callable = pop();
        stack.push(reduce(callable, isTuple(args) ? args.items : [args]));
        break;
      } // REDUCE
      case 0x81: {
        const args = pop();
        const cls = pop();
        stack.push(reduce(cls, isTuple(args) ? args.items : [args]));
        break;
      } // NEWOBJ
      case 0x62: {
        // BUILD: attach state without interpreting it
        const state = pop();
        const target = top();
        if (
          typeof target === 'object' &&
          target !== null &&
          !Array.isArray(target) &&
          !(target instanceof Uint8Array) &&
          (target.kind === 'dict' || target.kind === 'reduce')
        )
          target.state = state;
        break;
      }
      case 0x51: {
        // BINPERSID
        const id = pop();
        stack.push(hooks.persistentLoad ? hooks.persistentLoad(id) : { kind: 'persistent', id });
        break;
      }
      case 0x71:
        memo.set(u8(), top());
        break; // BINPUT
      case 0x72:
        memo.set(u32(), top());
        break; // LONG_BINPUT
      case 0x94:
        memo.set(memo.size, top());
        break; // MEMOIZE
      case 0x68:
      case 0x6a: {
        // BINGET, LONG_BINGET
        const index = opcode === 0x68 ? u8() : u32();
        if (!memo.has(index)) throw new PickleError(`Memo ${index} missing`);
        stack.push(memo.get(index) as PickleValue);
        break;
      }
      case 0x30:
        pop();
        break; // POP
      case 0x32:
        stack.push(top());
        break; // DUP
      default:
        throw new PickleError(`Unsupported pickle opcode 0x${opcode.toString(16)} at byte ${pos - 1}`);
    }
  }
}
