import { isTuple, PickleError, readPickle } from '../pickle-machine';

// Bytes as Python 3 writes them with pickle.dumps(..., protocol=2), written out by hand.
describe('readPickle', () => {
  it('reads a dict of tuples, ints, floats, strings and memo references', () => {
    // {'a': (1, -2, 70000), 'b': 1.5, 'c': [u'x', u'x']} with the second 'x' fetched from the memo
    const bytes = Uint8Array.from([
      0x80, 0x02, 0x7d, 0x71, 0x00, 0x28, 0x58, 0x01, 0, 0, 0, 0x61, 0x4b, 0x01, 0x4a, 0xfe, 0xff, 0xff, 0xff, 0x4a, 0x70, 0x11, 0x01, 0x00,
      0x87, 0x58, 0x01, 0, 0, 0, 0x62, 0x47, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0, 0x58, 0x01, 0, 0, 0, 0x63, 0x5d, 0x28, 0x58, 0x01, 0, 0, 0, 0x78,
      0x71, 0x01, 0x68, 0x01, 0x65, 0x75, 0x2e,
    ]);
    const { value, end } = readPickle(bytes, 0);
    expect(end).toBe(bytes.length);
    if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Uint8Array || value.kind !== 'dict')
      throw new Error('not a dict');
    const a = value.entries.get('a');
    expect(a !== undefined && isTuple(a) && a.items).toEqual([1, -2, 70000]);
    expect(value.entries.get('b')).toBe(1.5);
    expect(value.entries.get('c')).toEqual(['x', 'x']);
  });

  it('reads LONG1 as a bigint when it does not fit a double exactly', () => {
    // torch's magic number 0x1950a86a20f9469cfc6c as LONG1
    const bytes = Uint8Array.from([0x80, 0x02, 0x8a, 0x0a, 0x6c, 0xfc, 0x9c, 0x46, 0xf9, 0x20, 0x6a, 0xa8, 0x50, 0x19, 0x2e]);
    expect(readPickle(bytes, 0).value).toBe(0x1950a86a20f9469cfc6cn);
  });

  it('stops with a typed error on an opcode it does not know, and on truncation', () => {
    expect(() => readPickle(Uint8Array.from([0x80, 0x02, 0x49]), 0)).toThrow(PickleError);
    expect(() => readPickle(Uint8Array.from([0x80, 0x02, 0x4a, 0x01]), 0)).toThrow(PickleError);
  });
});
