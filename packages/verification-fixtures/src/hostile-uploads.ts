import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Hostile files for the upload campaign (issue 26): everything a careless or malicious client may
 * send as an "image", made at test time so that nothing hostile is committed. Each carries what a
 * correct server must do with it:
 *
 * - `refused`: not a usable JPG or PNG (wrong type, garbage, truncated, a bomb, too large) →
 *   KYC_006 on every image endpoint, before or at decoding, never a model run;
 * - `decodable`: a valid if unusual JPG or PNG (CMYK, 16-bit, 1×1, every EXIF orientation,
 *   polyglots whose image part is whole) → analysed and answered with a verdict, never a 5xx;
 * - `either`: damage a decoder may or may not notice (a flipped bit in entropy-coded data, the
 *   last bytes cut) → refused or analysed, but answered.
 */
export type HostileExpectation = 'refused' | 'decodable' | 'either';

export interface HostileUpload {
  name: string;
  category: string;
  expectation: HostileExpectation;
  bytes: Buffer;
  /** The file name and content type a client would declare (never trusted by the server). */
  fileName: string;
  contentType: string;
}

const MB = 1024 * 1024;

/** A seeded generator, so that a failing case can be rebuilt exactly. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

function randomBytes(length: number, seed: number): Buffer {
  const next = seeded(seed);
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = Math.floor(next() * 256);
  return bytes;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A well-formed PNG whose header claims `width`×`height` and whose data is a few bytes: a bomb by its header. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method quirks, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG whose frame header (SOF) is rewritten to claim `width`×`height`. */
function jpegClaiming(jpeg: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(jpeg);
  for (let i = 2; i < patched.length - 9; i++) {
    if (patched[i] === 0xff && (patched[i + 1] === 0xc0 || patched[i + 1] === 0xc2)) {
      patched.writeUInt16BE(height, i + 5);
      patched.writeUInt16BE(width, i + 7);
      return patched;
    }
  }
  throw new Error('no SOF marker in the JPEG');
}

/** `count` bytes of entropy-coded data flipped (after the headers), deterministically. */
function flipBits(image: Buffer, count: number, seed: number): Buffer {
  const damaged = Buffer.from(image);
  const next = seeded(seed);
  const start = Math.floor(image.length / 3);
  for (let i = 0; i < count; i++) {
    const at = start + Math.floor(next() * (image.length - start - 4));
    damaged[at] ^= 1 << Math.floor(next() * 8);
  }
  return damaged;
}

/** A PNG whose IDAT CRC no longer matches its data. */
function pngWithBadCrc(png: Buffer): Buffer {
  const damaged = Buffer.from(png);
  const idat = damaged.indexOf('IDAT', 8, 'latin1');
  const length = damaged.readUInt32BE(idat - 4);
  damaged.writeUInt32BE((damaged.readUInt32BE(idat + 4 + length) ^ 0xdeadbeef) >>> 0, idat + 4 + length);
  return damaged;
}

/** A noisy "photo" so that encoders produce realistic entropy-coded data, not a few flat blocks. */
function photoLike(width: number, height: number, seed: number): sharp.Sharp {
  return sharp(randomBytes(width * height * 3, seed), { raw: { width, height, channels: 3 } }).blur(1.5);
}

const entry = (
  category: string,
  name: string,
  expectation: HostileExpectation,
  bytes: Buffer,
  fileName = `${name}.jpg`,
  contentType = 'image/jpeg',
): HostileUpload => ({ category, name, expectation, bytes, fileName, contentType });

/**
 * The corpus: about a hundred files in twelve categories. Building it takes a few seconds (the
 * 8000×8000 PNG bomb is the slow one).
 */
export async function hostileUploads(): Promise<HostileUpload[]> {
  const jpeg = await photoLike(640, 400, 1).jpeg({ quality: 85 }).toBuffer();
  const png = await photoLike(320, 200, 2).png().toBuffer();
  const files: HostileUpload[] = [];
  const add = (...entries: HostileUpload[]) => files.push(...entries);

  // Nothing, and noise.
  add(entry('empty', 'zero-bytes', 'refused', Buffer.alloc(0)));
  for (const length of [1, 2, 3, 7, 64, 1000, 100_000])
    add(entry('noise', `random-${length}-bytes`, 'refused', randomBytes(length, length)));

  // Other file types, under image names.
  const solid = sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 120, b: 200 } } });
  add(
    entry('wrong-type', 'gif', 'refused', await solid.clone().gif().toBuffer()),
    entry('wrong-type', 'webp', 'refused', await solid.clone().webp().toBuffer()),
    entry('wrong-type', 'tiff', 'refused', await solid.clone().tiff().toBuffer()),
    entry('wrong-type', 'bmp-header', 'refused', Buffer.concat([Buffer.from('BM'), randomBytes(200, 3)])),
    entry(
      'wrong-type',
      'svg-with-script',
      'refused',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      'image/svg+xml',
    ),
    entry('wrong-type', 'html', 'refused', Buffer.from('<!doctype html><script>fetch("/admin")</script>'), 'x.png', 'image/png'),
    entry('wrong-type', 'pdf-header', 'refused', Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF')),
    entry('wrong-type', 'zip', 'refused', Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(300, 4)])),
    entry('wrong-type', 'elf', 'refused', Buffer.concat([Buffer.from('\u007fELF'), randomBytes(300, 5)])),
    entry('wrong-type', 'text-renamed', 'refused', Buffer.from('this is not an image, it is a text file renamed to .jpg\n')),
  );

  // The right magic bytes, then garbage.
  for (const length of [16, 4096, 200_000]) {
    add(
      entry(
        'magic-then-garbage',
        `jpeg-magic-${length}`,
        'refused',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(length, 10 + length)]),
      ),
    );
    add(
      entry(
        'magic-then-garbage',
        `png-magic-${length}`,
        'refused',
        Buffer.concat([PNG_SIGNATURE, randomBytes(length, 20 + length)]),
        'x.png',
        'image/png',
      ),
    );
  }

  // Truncated: cut early is refused; cut at the very end may decode.
  for (const fraction of [0.01, 0.1, 0.3, 0.5, 0.7, 0.9]) {
    add(entry('truncated', `jpeg-cut-${fraction}`, 'refused', jpeg.subarray(0, Math.floor(jpeg.length * fraction))));
    add(entry('truncated', `png-cut-${fraction}`, 'refused', png.subarray(0, Math.floor(png.length * fraction)), 'x.png', 'image/png'));
  }
  add(entry('truncated', 'jpeg-without-last-2-bytes', 'either', jpeg.subarray(0, jpeg.length - 2)));
  add(entry('truncated', 'png-without-iend', 'either', png.subarray(0, png.length - 12), 'x.png', 'image/png'));

  // Decompression bombs: a real 8000×8000 PNG of 64 M pixels in a small file, and headers claiming more.
  add(
    entry(
      'bomb',
      'png-8000x8000-solid',
      'refused',
      await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
      'x.png',
      'image/png',
    ),
    entry('bomb', 'png-header-100000x100000', 'refused', pngClaiming(100_000, 100_000), 'x.png', 'image/png'),
    entry('bomb', 'png-header-65535x65535', 'refused', pngClaiming(65_535, 65_535), 'x.png', 'image/png'),
    entry('bomb', 'png-header-1x50000000', 'refused', pngClaiming(1, 50_000_000), 'x.png', 'image/png'),
    entry('bomb', 'png-header-2147483647-wide', 'refused', pngClaiming(0x7fffffff, 1), 'x.png', 'image/png'),
    entry('bomb', 'jpeg-sof-65500x65500', 'refused', jpegClaiming(jpeg, 65_500, 65_500)),
  );

  // Too large to be read at all.
  add(
    entry(
      'oversize',
      'jpeg-magic-10mb-plus-1',
      'refused',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * MB - 3)]),
    ),
  );

  // Valid, at the edges of size and shape.
  for (const [width, height] of [
    [1, 1],
    [2, 2],
    [16, 16],
    [4000, 10],
    [10, 4000],
  ])
    add(
      entry(
        'extreme-dimensions',
        `jpeg-${width}x${height}`,
        'decodable',
        await photoLike(width, height, width * 7 + height)
          .jpeg()
          .toBuffer(),
      ),
    );

  // Valid, in unusual colour models and encodings.
  const base = photoLike(400, 300, 9);
  add(
    entry('colour-model', 'jpeg-cmyk', 'decodable', await base.clone().toColourspace('cmyk').jpeg().toBuffer()),
    entry('colour-model', 'png-16-bit', 'decodable', await base.clone().toColourspace('rgb16').png().toBuffer(), 'x.png', 'image/png'),
    entry('colour-model', 'jpeg-greyscale', 'decodable', await base.clone().greyscale().jpeg().toBuffer()),
    entry(
      'colour-model',
      'png-greyscale-alpha',
      'decodable',
      await base.clone().greyscale().ensureAlpha(0.5).png().toBuffer(),
      'x.png',
      'image/png',
    ),
    entry(
      'colour-model',
      'png-palette',
      'decodable',
      await base.clone().png({ palette: true, colours: 16 }).toBuffer(),
      'x.png',
      'image/png',
    ),
    entry('colour-model', 'jpeg-progressive', 'decodable', await base.clone().jpeg({ progressive: true }).toBuffer()),
    entry('colour-model', 'png-interlaced', 'decodable', await base.clone().png({ progressive: true }).toBuffer(), 'x.png', 'image/png'),
    entry('colour-model', 'png-fully-transparent', 'decodable', await base.clone().ensureAlpha(0).png().toBuffer(), 'x.png', 'image/png'),
    entry('colour-model', 'jpeg-quality-1', 'decodable', await base.clone().jpeg({ quality: 1 }).toBuffer()),
  );

  // EXIF: every orientation, and a 60 kB description.
  for (let orientation = 1; orientation <= 8; orientation++)
    add(entry('exif', `jpeg-orientation-${orientation}`, 'decodable', await base.clone().withMetadata({ orientation }).jpeg().toBuffer()));
  add(
    entry(
      'exif',
      'jpeg-huge-description',
      'decodable',
      await base
        .clone()
        .withExif({ IFD0: { ImageDescription: 'A'.repeat(60_000) } })
        .jpeg()
        .toBuffer(),
    ),
  );

  // Polyglots: a whole image with something else after it, or inside a comment.
  add(
    entry('polyglot', 'jpeg-then-zip', 'decodable', Buffer.concat([jpeg, Buffer.from('PK\u0003\u0004'), randomBytes(500, 30)])),
    entry(
      'polyglot',
      'jpeg-then-html',
      'decodable',
      Buffer.concat([jpeg, Buffer.from('<html><script>alert(document.cookie)</script></html>')]),
    ),
    entry(
      'polyglot',
      'png-then-javascript',
      'decodable',
      Buffer.concat([png, Buffer.from(';fetch("//evil.example")')]),
      'x.png',
      'image/png',
    ),
    entry('polyglot', 'png-then-1mb-garbage', 'decodable', Buffer.concat([png, randomBytes(MB, 31)]), 'x.png', 'image/png'),
    entry(
      'polyglot',
      'jpeg-script-in-comment',
      'decodable',
      Buffer.concat([
        jpeg.subarray(0, 2),
        Buffer.from([0xff, 0xfe, 0x00, 0x1b]),
        Buffer.from('<script>alert(1)</script>'),
        jpeg.subarray(2),
      ]),
    ),
  );

  // Damage inside the data.
  for (const seed of [1, 2, 3, 4, 5]) add(entry('bit-flips', `jpeg-20-flips-seed-${seed}`, 'either', flipBits(jpeg, 20, seed)));
  add(entry('bit-flips', 'png-bad-idat-crc', 'either', pngWithBadCrc(png), 'x.png', 'image/png'));
  add(entry('bit-flips', 'png-flips', 'either', flipBits(png, 10, 6), 'x.png', 'image/png'));

  // Declared as one type, sent as another.
  add(entry('declared-type', 'jpeg-declared-png', 'decodable', jpeg, 'photo.png', 'image/png'));
  add(entry('declared-type', 'png-declared-pdf', 'decodable', png, 'statement.pdf', 'application/pdf'));
  return files;
}
