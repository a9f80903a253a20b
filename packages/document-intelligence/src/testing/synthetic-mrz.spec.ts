import { readMrz } from '../mrz/read-mrz';
import { seededRandom, syntheticIdentity } from './synthetic-mrz';

describe('syntheticIdentity', () => {
  it('produces MRZs that readMrz accepts with every check digit', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 40; i += 1) {
      const id = syntheticIdentity(random, i % 2 === 0 ? 'TD3' : 'TD1');
      const result = readMrz(id.lines, { now: new Date('2026-01-01T00:00:00Z') });
      expect(result.ok && result.reading.valid).toBe(true);
      expect(result.ok && result.reading.fields.surname.value).toBe(id.surname);
    }
  });
});
