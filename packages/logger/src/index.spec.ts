import { Writable } from 'node:stream';
import { createLogger } from './index';

describe(createLogger.name, () => {
  it('redacts keys, e-mails, names and document numbers', () => {
    const captured: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        captured.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('test', 'info', sink);
    logger.info(
      {
        authorization: 'Bearer sk_test_abc',
        user: { email: 'a@b.c' },
        documentNumber: 'X123',
        extractedData: { fullName: 'Jane Roe' },
        sessionId: 's-1',
      },
      'hello',
    );
    const line = captured.join('');
    expect(line).not.toContain('sk_test_abc');
    expect(line).not.toContain('a@b.c');
    expect(line).not.toContain('X123');
    expect(line).not.toContain('Jane Roe');
    expect(JSON.parse(line)).toMatchObject({ service: 'test', sessionId: 's-1', msg: 'hello' });
  });
});
