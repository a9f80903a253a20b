import { detectTextBoxes } from './detect-text-boxes';
import { recogniseTexts } from './recognise-text';
import { getOcrSessions, ocrGraphRewrite, ocrModelTime, ocrThreads } from './sessions';
import { type RgbImage } from './types';

describe('ocrThreads', () => {
  it('defaults to two intra-op threads', () => {
    expect(ocrThreads({})).toBe(2);
  });

  it('takes DOCUMENT_OCR_THREADS when it is a small positive integer', () => {
    expect(ocrThreads({ DOCUMENT_OCR_THREADS: '1' })).toBe(1);
    expect(ocrThreads({ DOCUMENT_OCR_THREADS: '4' })).toBe(4);
  });

  it('ignores values that are not 1–8', () => {
    for (const value of ['0', '-1', '1.5', 'two', '64', '']) expect(ocrThreads({ DOCUMENT_OCR_THREADS: value })).toBe(2);
  });
});

describe('ocrGraphRewrite', () => {
  it('rewrites the models unless DOCUMENT_OCR_GRAPH_REWRITE=0', () => {
    expect(ocrGraphRewrite({})).toBe(true);
    expect(ocrGraphRewrite({ DOCUMENT_OCR_GRAPH_REWRITE: '1' })).toBe(true);
    expect(ocrGraphRewrite({ DOCUMENT_OCR_GRAPH_REWRITE: '0' })).toBe(false);
  });
});

describe('ocrModelTime', () => {
  const white = (width: number, height: number): RgbImage => ({ width, height, data: Buffer.alloc(width * height * 3, 255) });

  it("adds each run's wall time to its own model and counts the runs", async () => {
    const sessions = await getOcrSessions();
    const start = ocrModelTime();
    await detectTextBoxes(sessions.detection, white(96, 64));
    const detected = ocrModelTime();
    expect(detected.runs).toBe(start.runs + 1);
    expect(detected.detectionMs).toBeGreaterThan(start.detectionMs);
    expect(detected.recognitionMs).toBe(start.recognitionMs);

    const line = { cx: 48, cy: 32, length: 80, thickness: 20, angle: 0 };
    await recogniseTexts(sessions.recognition, sessions.characters, white(96, 64), [line, line]);
    const recognised = ocrModelTime();
    expect(recognised.runs).toBe(detected.runs + 2);
    expect(recognised.recognitionMs).toBeGreaterThan(detected.recognitionMs);
    expect(recognised.detectionMs).toBe(detected.detectionMs);
  });

  it('hands out a copy, which the next run does not change', async () => {
    const sessions = await getOcrSessions();
    const copy = ocrModelTime();
    const runs = copy.runs;
    await detectTextBoxes(sessions.detection, white(64, 64));
    expect(copy.runs).toBe(runs);
  });
});
