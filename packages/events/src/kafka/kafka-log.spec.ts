import { Writable } from 'node:stream';
import { logLevel } from 'kafkajs';
import { createLogger } from '@kyc/logger';
import { kafkaLogCreator } from './kafka-log';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger('events-test', 'debug', destination) };
}

describe('kafkajs logs through pino', () => {
  it('writes kafkajs entries as structured pino lines with the namespace and fields', () => {
    const { lines, logger } = capture();
    kafkaLogCreator(logger)(logLevel.ERROR)({
      namespace: 'Consumer',
      level: logLevel.ERROR,
      label: 'ERROR',
      log: { timestamp: 't', message: 'Crash: KafkaJSNumberOfRetriesExceeded', groupId: 'g' },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'kafkajs: Crash: KafkaJSNumberOfRetriesExceeded',
      kafka: { namespace: 'Consumer', groupId: 'g' },
    });
  });

  it('demotes retried broker error responses and handler failures the bus logs itself to debug', () => {
    const { lines, logger } = capture();
    const log = kafkaLogCreator(logger)(logLevel.ERROR);
    log({
      namespace: 'Connection',
      level: logLevel.ERROR,
      label: 'ERROR',
      log: { timestamp: 't', message: 'Response GroupCoordinator(key: 10, version: 2)', error: 'The group coordinator is not available' },
    });
    log({
      namespace: 'Runner',
      level: logLevel.ERROR,
      label: 'ERROR',
      log: { timestamp: 't', message: 'Error when calling eachBatch', topic: 'x' },
    });
    log({
      namespace: 'Connection',
      level: logLevel.ERROR,
      label: 'ERROR',
      log: { timestamp: 't', message: 'Connection error: connect ECONNREFUSED' },
    });
    expect(lines.map((l) => l.level)).toEqual([20, 20, 50]);
  });
});
