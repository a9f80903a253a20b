import sharp from 'sharp';

/** Real images made on the spot: a document-like JPEG, a PNG, and broken variants. */
export async function sampleJpeg(width = 640, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 210, b: 190 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect x="20" y="20" width="160" height="200" fill="#888"/><text x="220" y="80" font-size="28">SPECIMEN</text></svg>`,
        ),
        top: 0,
        left: 0,
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function samplePng(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 320, channels: 3, background: { r: 180, g: 150, b: 140 } } })
    .png()
    .toBuffer();
}

export async function sampleGif(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .gif()
    .toBuffer();
}
