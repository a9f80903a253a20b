import type { Options } from '@grpc/proto-loader';
import { PROTO_ROOT } from '@kyc/contracts';

/**
 * How proto files are read at run time, on both ends. They match the ts-proto options the types
 * are generated with (camelCase fields, string enums, defaults filled in).
 */
export const LOADER_OPTIONS: Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_ROOT],
};

/** Images travel inside requests: 10 MB at most (spec part 8) plus headroom for the envelope. */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
