import sharp from 'sharp';

/**
 * A still image as a one-frame Y4M video (4:2:0, even dimensions), the format Chromium's fake
 * camera plays (--use-file-for-fake-video-capture); it repeats the frame for as long as the camera
 * is open. BT.601 in studio range (Y 16–235, Cb/Cr 16–240), which is how Chromium reads the frames:
 * full-range values would come out with clipped whites and blacks, as an overexposed camera.
 */
export async function imageToY4m(image: Buffer, maxSide = 1600): Promise<Buffer> {
  const resized = sharp(image).rotate().resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
  const meta = await resized.clone().raw().toBuffer({ resolveWithObject: true });
  const width = meta.info.width & ~1;
  const height = meta.info.height & ~1;
  const { data, info } = await sharp(meta.data, { raw: meta.info })
    .extract({ left: 0, top: 0, width, height })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channels = info.channels;
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * channels;
      y[row * width + col] = clamp(16 + (65.481 * data[i] + 128.553 * data[i + 1] + 24.966 * data[i + 2]) / 255);
    }
  }
  for (let row = 0; row < height; row += 2) {
    for (let col = 0; col < width; col += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dr, dc] of [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
      ]) {
        const i = ((row + dr) * width + col + dc) * channels;
        r += data[i];
        g += data[i + 1];
        b += data[i + 2];
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const at = (row / 2) * (width / 2) + col / 2;
      u[at] = clamp(128 + (-37.797 * r - 74.203 * g + 112.0 * b) / 255);
      v[at] = clamp(128 + (112.0 * r - 93.786 * g - 18.214 * b) / 255);
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420\n`);
  return Buffer.concat([header, Buffer.from('FRAME\n'), y, u, v]);
}
