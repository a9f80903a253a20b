import { codeErrors } from './code-errors';

describe('codeErrors', () => {
  it('lists the images behind each false positive and false negative, with the analyzer detail when given', () => {
    const errors = codeErrors([
      { image: 'a', expected: ['X'], predicted: ['X', 'Y', 'Y'], details: { Y: 'why Y fired' } },
      { image: 'b', expected: ['X', 'Z'], predicted: [] },
    ]);
    expect(errors).toEqual({
      X: [{ image: 'b', kind: 'fn' }],
      Y: [{ image: 'a', kind: 'fp', detail: 'why Y fired' }],
      Z: [{ image: 'b', kind: 'fn' }],
    });
  });
});
