import { createProgress } from './progress';

function sink(isTTY: boolean) {
  const chunks: string[] = [];
  return { isTTY, chunks, write: (text: string) => chunks.push(text) };
}

describe('createProgress', () => {
  it('rewrites one line in place on a terminal and ends it with a newline', () => {
    const out = sink(true);
    const progress = createProgress('documents', out);
    progress.update(1, 3);
    progress.update(2, 3, ', images 3');
    progress.end();
    expect(out.chunks).toEqual(['\rdocuments 1/3', '\rdocuments 2/3, images 3', '\n']);
  });

  it('writes a whole line per tenth done in a log, once per count, and the last one', () => {
    const out = sink(false);
    const progress = createProgress('documents', out);
    for (let done = 1; done <= 25; done += 1) {
      progress.update(done, 25);
      progress.update(done, 25); // the second image of the same document
    }
    progress.end();
    expect(out.chunks).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 25].map((d) => `documents ${d}/25\n`));
  });
});
