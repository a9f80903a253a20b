import { sortLinesTopToBottom } from './reading-order';
import { type OcrLine } from './types';

const line = (text: string, cy: number, angle = 0): OcrLine => ({
  text,
  confidence: 1,
  box: { x: 0, y: cy - 15, width: 800, height: 30 },
  words: [
    { text, confidence: 1, box: { x: 0, y: cy - 15, width: 800, height: 30 }, region: { cx: 400, cy, length: 800, thickness: 30, angle } },
  ],
});

describe('sortLinesTopToBottom', () => {
  it('puts lines read in separate passes back in print order, each line unchanged', () => {
    const kept = line('8703237M3009222BEL<<<<<<<<<<<2', 500);
    const reread = [line('IDBEL8KFJ502FZ3<<<<<<<<<<<<<<<', 457), line('DUBOIS<<ARTHUR<<<<<<<<<<<<<<<<', 544)];
    expect(sortLinesTopToBottom([kept, ...reread]).map((l) => l.text)).toEqual([reread[0].text, kept.text, reread[1].text]);
  });

  it('measures across the page direction of a tilted photo', () => {
    // Tilted by 0.3 rad: the second row's centre lies higher on the image, yet it is printed below the first.
    const first = line('FIRST', 500, 0.3);
    const second = { ...line('SECOND', 480, 0.3) };
    second.words[0].region = { ...second.words[0].region, cx: 400 - 200, cy: 480 };
    expect(sortLinesTopToBottom([second, first]).map((l) => l.text)).toEqual(['FIRST', 'SECOND']);
  });
});
