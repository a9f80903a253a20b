import { ErrorCode, KycError } from '@kyc/errors';
import secureJson from 'secure-json-parse';

/**
 * How deeply a request's JSON may nest. Our bodies are flat, and clientMetadata (16 KB at most)
 * has no reason to go deeper than a few levels; thousands of nested arrays only exhaust the stack
 * of whatever walks them later (they answered 500 before this cap).
 */
export const MAX_JSON_DEPTH = 32;

/** A request body that is not JSON we accept: answered 400 MALFORMED_JSON (Fastify's own code for it). */
export class JsonBodyError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_CTP_INVALID_JSON_BODY';
}

/**
 * The nesting depth of a JSON text, read without parsing it: brackets inside strings do not count.
 * Stops as soon as `limit` is passed, so a hostile body costs one scan at most.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

/**
 * Parses a request body as JSON: an empty body means "no fields" (undefined); deeper than
 * MAX_JSON_DEPTH, malformed, or carrying `__proto__` / `constructor.prototype` keys (prototype
 * poisoning of whatever merges the object later) is the caller's mistake.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw new JsonBodyError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  let parsed: unknown;
  try {
    parsed = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    throw new JsonBodyError((error as Error).message);
  }
  // A literal `null` would read as "no body" to the controllers (`rawBody ?? {}`); every body is an object.
  if (parsed === null)
    throw new KycError(ErrorCode.VALIDATION_FAILED, 'The body must be a JSON object, not null', {
      fields: [{ field: '(body)', problem: 'null' }],
    });
  if (!storableText(parsed))
    throw new KycError(ErrorCode.VALIDATION_FAILED, 'JSON strings may not contain U+0000 or an unpaired surrogate (\\ud800–\\udfff)');
  return parsed;
}

/** U+0000 and lone UTF-16 surrogates: valid JSON, but PostgreSQL's text and jsonb refuse them (they answered 500 before this check). */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether every string and key of a parsed body can be stored as text (depth is capped before parsing). */
export function storableText(value: unknown): boolean {
  if (typeof value === 'string') return !UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.every(storableText);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).every(([key, item]) => !UNSTORABLE.test(key) && storableText(item));
  return true;
}
