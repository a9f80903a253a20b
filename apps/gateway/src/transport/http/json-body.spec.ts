import { MAX_JSON_DEPTH, jsonDepthExceeds, parseJsonBody } from './json-body';

describe(parseJsonBody.name, () => {
  it('parses ordinary bodies and reads an empty one as no fields', () => {
    expect(parseJsonBody('{"clientMetadata":{"email":"a@example.com","tags":["x",{"y":1}]}}')).toEqual({
      clientMetadata: { email: 'a@example.com', tags: ['x', { y: 1 }] },
    });
    expect(parseJsonBody('  ')).toBeUndefined();
  });

  it('refuses malformed JSON as the caller’s mistake (400)', () => {
    expect(() => parseJsonBody('{"a":')).toThrow(expect.objectContaining({ statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }));
  });

  it('refuses prototype poisoning: __proto__ and constructor.prototype keys', () => {
    for (const body of ['{"__proto__":{"isAdmin":true}}', '{"a":{"constructor":{"prototype":{"isAdmin":true}}}}']) {
      expect(() => parseJsonBody(body)).toThrow(expect.objectContaining({ statusCode: 400 }));
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('refuses nesting deeper than the cap, and accepts it at the cap', () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expect(parseJsonBody(nested(MAX_JSON_DEPTH))).toBeDefined();
    expect(() => parseJsonBody(nested(MAX_JSON_DEPTH + 1))).toThrow(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect(() => parseJsonBody(nested(5_000))).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
});

describe('text PostgreSQL cannot store (schemathesis found these answered 500)', () => {
  it('refuses U+0000 and unpaired surrogates in values and keys as VALIDATION_FAILED', () => {
    for (const body of [
      '{"clientMetadata":{"name":"a\\u0000b"}}',
      '{"clientMetadata":{"a\\u0000":1}}',
      '{"x":["\\ud800"]}',
      '{"x":"\\udc00a"}',
    ]) {
      expect(() => parseJsonBody(body)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    }
  });

  it('accepts paired surrogates (emoji) and other control characters', () => {
    expect(parseJsonBody('{"name":"\\ud83d\\ude00 \\u0001"}')).toEqual({ name: '\u{1F600} \u0001' });
  });

  it('refuses a literal null body, which controllers would read as no body', () => {
    expect(() => parseJsonBody('null')).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });
});

describe(jsonDepthExceeds.name, () => {
  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonDepthExceeds('{"a":"[[[[{{{{\\"[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('{"a":{"b":1}}', 1)).toBe(true);
  });
});
