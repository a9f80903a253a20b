import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { analyzeFace, type FaceAnalysis } from './face-analysis';
import { matchFaces } from './matching/match-score';
import { getSession } from './runtime/model-sessions';

/**
 * The library's edge on real models. Bad inputs are generated here and always run; the checks on
 * real faces read ../shared/data/faces-dev (not copied into the repo: TV stills, internal use only)
 * and are skipped, with a warning, when it is absent.
 */

jest.setTimeout(60_000);

const FACES_DEV = join(__dirname, '../../../../shared/data/faces-dev');
const haveFaces = existsSync(FACES_DEV);
const face = (file: string) => readFileSync(join(FACES_DEV, file));
const itWithFaces = haveFaces ? it : it.skip;
if (!haveFaces) console.warn(`faces-dev not found at ${FACES_DEV}: real-face checks skipped`);

function embedding(result: FaceAnalysis): Float32Array {
  if (result.kind !== 'face' && result.kind !== 'low_quality') throw new Error(`expected a face, got ${JSON.stringify(result)}`);
  return result.face.embedding;
}

describe('analyzeFace on bad input (typed results, no throw)', () => {
  it('undecodable bytes', async () => {
    expect(await analyzeFace(Buffer.from('definitely not an image'))).toMatchObject({ kind: 'invalid_image', reason: 'undecodable' });
  });

  it('a tiny image', async () => {
    const tiny = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    expect(await analyzeFace(tiny)).toMatchObject({ kind: 'invalid_image', reason: 'too_small' });
  });

  it('a huge image is refused before decoding', async () => {
    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(await analyzeFace(huge)).toMatchObject({ kind: 'invalid_image', reason: 'too_large' });
  });

  it('an all-black image', async () => {
    const black = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    expect(await analyzeFace(black)).toMatchObject({ kind: 'no_face', reason: 'blank_image' });
  });

  it('a wide image of noise has no face (no whole-image fallback for non-square images)', async () => {
    const noise = Buffer.from(Array.from({ length: 400 * 200 * 3 }, (_, i) => (i * 7919) % 251));
    const png = await sharp(noise, { raw: { width: 400, height: 200, channels: 3 } })
      .png()
      .toBuffer();
    expect(await analyzeFace(png)).toMatchObject({ kind: 'no_face', reason: 'not_detected' });
  });

  it('a missing model file is a typed error, not a throw', async () => {
    const previous = process.env.KYC_FACE_MODELS_DIR;
    process.env.KYC_FACE_MODELS_DIR = '/nonexistent/models';
    try {
      const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#845' } })
        .png()
        .toBuffer();
      const noisy = await sharp(image)
        .composite([{ input: Buffer.from('<svg width="64" height="64"><circle cx="32" cy="32" r="20" fill="#fff"/></svg>') }])
        .png()
        .toBuffer();
      expect(await analyzeFace(noisy)).toMatchObject({ kind: 'error' });
    } finally {
      if (previous === undefined) delete process.env.KYC_FACE_MODELS_DIR;
      else process.env.KYC_FACE_MODELS_DIR = previous;
    }
  });

  it('creates one session per model and reuses it', async () => {
    expect(getSession('face-recognition-resnet.onnx')).toBe(getSession('face-recognition-resnet.onnx'));
  });
});

describe('analyzeFace on real faces (faces-dev)', () => {
  itWithFaces('matches the same person and refuses a different one', async () => {
    const [a1, a2, s1] = await Promise.all(['amy/amy1.png', 'amy/amy2.png', 'sheldon/sheldon2.png'].map((f) => analyzeFace(face(f))));
    expect(matchFaces(embedding(a1), embedding(a2))).toMatchObject({ isMatch: true });
    expect(matchFaces(embedding(a1), embedding(s1))).toMatchObject({ isMatch: false });
    expect(matchFaces(embedding(a1), embedding(a2)).score).toBeGreaterThan(0.5);
  });

  itWithFaces('tight crops the detector misses: found with a border, else the whole image, and the path is reported', async () => {
    const plain = await analyzeFace(face('amy/amy2.png'));
    const padded = await analyzeFace(face('amy/amy1.png'));
    const whole = await analyzeFace(face('amy/amy4.png'));
    expect(plain).toMatchObject({ kind: 'face', detection: 'detector' });
    expect(padded).toMatchObject({ kind: 'face', detection: 'padded', faceCount: 1 });
    expect(whole).toMatchObject({ kind: 'face', detection: 'whole_image', faceCount: 1 });
    expect(matchFaces(embedding(padded), embedding(whole)).isMatch).toBe(true);
  });

  itWithFaces('a large tight crop (a close, high-resolution selfie) is handled the same way', async () => {
    const large = await sharp(face('amy/amy1.png')).resize(1200, 1200, { kernel: 'cubic' }).jpeg({ quality: 92 }).toBuffer();
    const [small, big] = await Promise.all([analyzeFace(face('amy/amy1.png')), analyzeFace(large)]);
    expect(big).toMatchObject({ kind: 'face', detection: 'padded' });
    expect(matchFaces(embedding(small), embedding(big)).isMatch).toBe(true);
  });

  itWithFaces('without tight-crop handling, a missed tight crop is no_face', async () => {
    expect(await analyzeFace(face('amy/amy1.png'), { tightCropFallback: false })).toMatchObject({
      kind: 'no_face',
      reason: 'not_detected',
    });
  });

  itWithFaces('greyscale and 16-bit versions still match the original', async () => {
    const original = face('amy/amy2.png');
    const grey = await sharp(original).greyscale().png().toBuffer();
    const sixteen = await sharp(original).toColourspace('rgb16').png().toBuffer();
    expect((await sharp(sixteen).metadata()).depth).toBe('ushort');
    const [o, g, s] = await Promise.all([original, grey, sixteen].map((b) => analyzeFace(b)));
    expect(matchFaces(embedding(o), embedding(g)).isMatch).toBe(true);
    expect(matchFaces(embedding(o), embedding(s)).distance).toBeLessThan(0.05);
  });

  itWithFaces('two faces: reports the count and picks the larger', async () => {
    const big = await sharp(face('sheldon/sheldon2.png')).resize(300, 300).toBuffer();
    const small = face('amy/amy2.png');
    const canvas = await sharp({ create: { width: 560, height: 320, channels: 3, background: '#777' } })
      .composite([
        { input: big, left: 10, top: 10 },
        { input: small, left: 380, top: 90 },
      ])
      .png()
      .toBuffer();
    const both = await analyzeFace(canvas);
    const sheldonAlone = await analyzeFace(face('sheldon/sheldon2.png'));
    expect(both).toMatchObject({ faceCount: 2 });
    const other = (both as { otherFaces: { box: { x: number } }[] }).otherFaces;
    expect(other).toHaveLength(1);
    expect(other[0].box.x).toBeGreaterThan(300); // the small face on the right
    expect(matchFaces(embedding(both), embedding(sheldonAlone)).isMatch).toBe(true);
  });

  itWithFaces('a group photo reports several faces', async () => {
    const result = await analyzeFace(face('bbt3.jpg'));
    expect(result.kind === 'face' || result.kind === 'low_quality').toBe(true);
    expect((result as { faceCount: number }).faceCount).toBeGreaterThanOrEqual(3);
  });

  itWithFaces('a face cut by the frame is flagged', async () => {
    const crop = await sharp(face('amy/amy2.png')).resize(240, 240).toBuffer();
    // Put the face so that its left ~45 % is outside the canvas.
    const cut = await sharp({ create: { width: 420, height: 320, channels: 3, background: '#777' } })
      .composite([{ input: await sharp(crop).extract({ left: 110, top: 0, width: 130, height: 240 }).toBuffer(), left: 0, top: 40 }])
      .png()
      .toBuffer();
    const result = await analyzeFace(cut);
    if (result.kind === 'low_quality') expect(result.reasons).toContain('face_cut_by_frame');
    else expect(result.kind).toBe('no_face');
  });
});
