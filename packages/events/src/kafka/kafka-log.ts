import { type LogEntry, type logCreator, logLevel } from 'kafkajs';
import type { Logger } from '@kyc/logger';

type PinoLevel = 'error' | 'warn' | 'info' | 'debug';

/**
 * kafkajs logs through the service's pino logger (one structured log stream), not its own console
 * JSON. kafkajs reports every error response of a broker at ERROR even when it retries it
 * ("the group coordinator is not available" while a fresh broker loads), and every handler
 * failure that the bus itself already logs with its retry count; both are debug here. A request
 * that still fails after the retries reaches our code as a thrown error and is logged there.
 */
export function kafkaLogCreator(logger: Logger): logCreator {
  return () => (entry: LogEntry) => {
    const { message, ...fields } = entry.log;
    logger[levelFor(entry)]({ kafka: { namespace: entry.namespace, ...fields } }, `kafkajs: ${message}`);
  };
}

export function levelFor({ namespace, level, log }: Pick<LogEntry, 'namespace' | 'level' | 'log'>): PinoLevel {
  if (namespace === 'Connection' && log.message.startsWith('Response ')) return 'debug';
  if (namespace === 'Runner' && log.message === 'Error when calling eachBatch') return 'debug';
  switch (level) {
    case logLevel.ERROR:
    case logLevel.NOTHING:
      return 'error';
    case logLevel.WARN:
      return 'warn';
    case logLevel.INFO:
      return 'info';
    default:
      return 'debug';
  }
}
