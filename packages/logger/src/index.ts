import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Fields that may hold personal data or secrets. Logs carry ids and codes, never names,
 * document numbers, images or keys.
 */
const REDACTED_PATHS = [
  'authorization',
  '*.authorization',
  'req.headers.authorization',
  'secretKey',
  '*.secretKey',
  'adminToken',
  '*.adminToken',
  'secret',
  '*.secret',
  'embedToken',
  '*.embedToken',
  'clientMetadata',
  '*.clientMetadata',
  'extractedData',
  '*.extractedData',
  'documentNumber',
  '*.documentNumber',
  'fullName',
  '*.fullName',
  'email',
  '*.email',
  'image',
  '*.image',
];

export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const options = {
    name: service,
    level,
    base: { service },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}
