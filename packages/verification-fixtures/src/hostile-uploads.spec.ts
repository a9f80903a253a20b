import sharp from 'sharp';
import { hostileUploads } from './hostile-uploads';

describe('the hostile upload corpus', () => {
  let corpus: Awaited<ReturnType<typeof hostileUploads>>;
  beforeAll(async () => {
    corpus = await hostileUploads();
  }, 60_000);

  it('has every category, unique names, and files of the size they claim', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(80);
    expect(new Set(corpus.map((f) => f.name)).size).toBe(corpus.length);
    expect(new Set(corpus.map((f) => f.category))).toEqual(
      new Set([
        'empty',
        'noise',
        'wrong-type',
        'magic-then-garbage',
        'truncated',
        'bomb',
        'oversize',
        'extreme-dimensions',
        'colour-model',
        'exif',
        'polyglot',
        'bit-flips',
        'declared-type',
      ]),
    );
    expect(corpus.find((f) => f.name === 'jpeg-magic-10mb-plus-1')!.bytes.length).toBe(10 * 1024 * 1024 + 1);
  });

  it('makes bombs whose headers claim what their names say, in small files', async () => {
    const bomb = corpus.find((f) => f.name === 'png-header-100000x100000')!;
    expect(bomb.bytes.length).toBeLessThan(2000);
    expect(await sharp(bomb.bytes, { limitInputPixels: false }).metadata()).toMatchObject({ width: 100_000, height: 100_000 });
    const jpeg = corpus.find((f) => f.name === 'jpeg-sof-65500x65500')!;
    expect(await sharp(jpeg.bytes, { limitInputPixels: false }).metadata()).toMatchObject({ width: 65_500, height: 65_500 });
  });

  it('makes valid unusual images that really are what they say', async () => {
    const meta = (name: string) => sharp(corpus.find((f) => f.name === name)!.bytes).metadata();
    expect(await meta('jpeg-cmyk')).toMatchObject({ format: 'jpeg', space: 'cmyk' });
    expect(await meta('png-16-bit')).toMatchObject({ format: 'png', depth: 'ushort' });
    expect(await meta('jpeg-orientation-6')).toMatchObject({ orientation: 6 });
    for (const f of corpus.filter((f) => f.expectation === 'decodable'))
      await expect(sharp(f.bytes, { failOn: 'truncated' }).stats()).resolves.toBeDefined();
  });
});
