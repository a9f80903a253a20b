import type { WireEnum } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';

/**
 * The domain name of a wire enum value a request must carry: _UNSPECIFIED (the sender left it
 * out) or a value this build does not know is the caller's mistake, INVALID_ARGUMENT.
 */
export function requireWire<N extends string, W extends string>(
  mapping: WireEnum<N, W>,
  value: W | undefined,
  field: string,
  allowed: readonly N[] = mapping.names,
): N {
  const name = mapping.fromWire(value);
  if (name === null || !allowed.includes(name)) {
    throw new KycError(ErrorCode.VALIDATION_FAILED, `${field} must be one of ${allowed.join(', ')}`);
  }
  return name;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id field a request must carry as a UUID; anything else is the caller's mistake, INVALID_ARGUMENT. */
export function requireWireUuid(value: string | undefined, field: string): string {
  if (value === undefined || !UUID.test(value)) throw new KycError(ErrorCode.VALIDATION_FAILED, `${field} must be a UUID`);
  return value;
}
