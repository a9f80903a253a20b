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
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    throw new JsonBodyError((error as Error).message);
  }
}
