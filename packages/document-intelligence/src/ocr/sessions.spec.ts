import { ocrGraphRewrite, ocrThreads } from './sessions';

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
