import sharp from 'sharp';
import { type RgbImage } from '../ocr/types';

export interface ImageQuality {
  /**
   * Variance of the Laplacian on a 640-px-wide grey copy, with the grey levels stretched to the full range first
   * (gain capped at MAX_CONTRAST_GAIN), so that a dark or flat exposure of sharp text is not mistaken for blur;
   * low means blurred.
   */
  blur: number;
  /** Mean grey level 0–255. */
  brightness: number;
  /**
   * Share of pixels at or above 250 in all channels standing above the page's own white (specular highlights), 0–1.
   * 0 when the page's white is itself at the top of the range (`paperAtClipping`): clipped pixels are then the paper
   * of a bright exposure, which hides no printing, and cannot be told from a highlight by their level.
   */
  glare: number;
  width: number;
  height: number;
  /** Mean HSV-style saturation 0–1; pale paper keeps it low even in colour, so it does not tell a copy apart. */
  saturation: number;
  /**
   * Share of pixels with clear colour (channel spread ≥ COLOURFUL_CHROMA once the pixel's own exposure is undone,
   * `isColourful`), 0–1; a photocopy or greyscale scan has ~none.
   */
  colourfulShare: number;
  /** Share of the grey image's energy in the finest detail (pixel-to-pixel differences); screens photographed
   *  through a camera show moiré, which raises it. A weak cue on its own. */
  highFrequencyRatio: number;
}

const ANALYSIS_WIDTH = 640;
/**
 * The contrast stretch applied before measuring blur is capped: enough to undo a dim exposure (a photo at a third
 * of the light), not so much that the noise of a blank, flat image reads as detail.
 */
export const MAX_CONTRAST_GAIN = 4;
/**
 * Channel spread (max − min of R, G, B) from which a pixel counts as coloured. Above the chroma noise a camera
 * leaves on grey paper after the 640-px downscale has averaged it, below the colour of a pale tinted print.
 */
export const COLOURFUL_CHROMA = 16;

/**
 * Light tones (grey ≥ LIGHT_TONE_FLOOR) are binned LIGHT_TONE_BIN levels wide; the page's white is the fullest bin.
 * When that is the top bin (240–255), the page's white sits at the clipping level: a white page photographed a
 * little bright (the generator's paper at ~230 × 1.12 in eval:pipeline's mild captures clipped on 35–54 % of the
 * image and asked 10 of 60 readable uploads for a retake) or a white canvas behind a cut-out card. A highlight on
 * a page whose white is lower (a tinted page, or white paper at an ordinary exposure) stands above it and counts.
 */
const LIGHT_TONE_FLOOR = 128;
const LIGHT_TONE_BIN = 16;

/**
 * Dim light shrinks a pixel's channel spread with its level, so the spread is judged against the pixel's own
 * brightest channel: COLOURFUL_CHROMA at full scale, in proportion below it, and never below COLOURFUL_CHROMA /
 * MAX_CONTRAST_GAIN (4), where the noise of the darkest pixels starts. A coloured document photographed in a dark
 * room is still coloured, while a grey copy stays at zero spread. The exposure is the pixel's own, not the image's:
 * a glare spot beside a dim page stretches the image's grey range to full, and the old image-wide stretch then
 * asked the dim page for the full 16 (seed 2026 doc 170's back: 0.43 % coloured, a false GREYSCALE_COPY).
 */
export function isColourful(chroma: number, brightestChannel: number): boolean {
  return chroma >= Math.max(COLOURFUL_CHROMA / MAX_CONTRAST_GAIN, (COLOURFUL_CHROMA * brightestChannel) / 255);
}

export async function measureQuality(image: RgbImage, originalWidth: number, originalHeight: number): Promise<ImageQuality> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize({ width: Math.min(ANALYSIS_WIDTH, image.width) })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const grey = new Float32Array(w * h);
  let brightness = 0,
    clipped = 0,
    saturation = 0,
    colourful = 0;
  const lightTones = new Uint32Array((256 - LIGHT_TONE_FLOOR) / LIGHT_TONE_BIN);
  for (let i = 0; i < w * h; i += 1) {
    const r = data[i * 3],
      g = data[i * 3 + 1],
      b = data[i * 3 + 2];
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    grey[i] = y;
    brightness += y;
    if (r >= 250 && g >= 250 && b >= 250) clipped += 1;
    if (y >= LIGHT_TONE_FLOOR) lightTones[Math.min(lightTones.length - 1, Math.floor((y - LIGHT_TONE_FLOOR) / LIGHT_TONE_BIN))] += 1;
    const max = Math.max(r, g, b);
    const chroma = max - Math.min(r, g, b);
    saturation += max === 0 ? 0 : chroma / max;
    if (isColourful(chroma, max)) colourful += 1;
  }
  const n = Math.max(1, w * h);
  const gain = contrastGain(grey);
  return {
    blur: laplacianVariance(grey, w, h) * gain ** 2,
    brightness: brightness / n,
    glare: paperAtClipping(lightTones) ? 0 : clipped / n,
    saturation: saturation / n,
    colourfulShare: colourful / n,
    highFrequencyRatio: highFrequencyRatio(grey, w, h),
    width: originalWidth,
    height: originalHeight,
  };
}

/** Whether the fullest light-tone bin is the top one: the page's white is at the clipping level (see LIGHT_TONE_BIN). */
function paperAtClipping(lightTones: Uint32Array): boolean {
  const top = lightTones[lightTones.length - 1];
  return top > 0 && lightTones.every((count) => count <= top);
}

/** The gain that stretches the 1st–99th percentile grey levels to 0–255, at most MAX_CONTRAST_GAIN. */
function contrastGain(grey: Float32Array): number {
  const histogram = new Uint32Array(256);
  for (const v of grey) histogram[Math.min(255, Math.max(0, Math.round(v)))] += 1;
  const percentile = (p: number): number => {
    const target = p * grey.length;
    let seen = 0;
    for (let level = 0; level < 256; level += 1) {
      seen += histogram[level];
      if (seen >= target) return level;
    }
    return 255;
  };
  const range = percentile(0.99) - percentile(0.01);
  return range <= 0 ? MAX_CONTRAST_GAIN : Math.min(MAX_CONTRAST_GAIN, Math.max(1, 255 / range));
}

function laplacianVariance(grey: Float32Array, w: number, h: number): number {
  if (w < 3 || h < 3) return 0;
  let sum = 0,
    sumSq = 0,
    n = 0;
  for (let y = 1; y < h - 1; y += 1) {
    for (let x = 1; x < w - 1; x += 1) {
      const i = y * w + x;
      const v = grey[i - 1] + grey[i + 1] + grey[i - w] + grey[i + w] - 4 * grey[i];
      sum += v;
      sumSq += v * v;
      n += 1;
    }
  }
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

/** Energy of horizontal+vertical first differences over twice the grey variance (≈1 for white noise, small for smooth photos). */
function highFrequencyRatio(grey: Float32Array, w: number, h: number): number {
  if (w < 2 || h < 2) return 0;
  let mean = 0;
  for (const v of grey) mean += v;
  mean /= grey.length;
  let variance = 0;
  for (const v of grey) variance += (v - mean) ** 2;
  variance /= grey.length;
  if (variance < 1e-6) return 0;
  let diff = 0,
    n = 0;
  for (let y = 0; y < h - 1; y += 1) {
    for (let x = 0; x < w - 1; x += 1) {
      const i = y * w + x;
      diff += (grey[i + 1] - grey[i]) ** 2 + (grey[i + w] - grey[i]) ** 2;
      n += 2;
    }
  }
  return diff / n / (2 * variance);
}

export interface QualityVerdict {
  tooLow: boolean;
  reasons: string[];
}

/** Thresholds are deliberately loose: they catch unusable uploads, not mediocre ones (OCR confidence covers those). */
export const QUALITY_LIMITS = { minShortSide: 300, minBlur: 15, minBrightness: 40, maxBrightness: 245, maxGlare: 0.25 };

export function judgeQuality(q: ImageQuality): QualityVerdict {
  const reasons: string[] = [];
  if (Math.min(q.width, q.height) < QUALITY_LIMITS.minShortSide) reasons.push(`too small (${q.width}×${q.height})`);
  if (q.blur < QUALITY_LIMITS.minBlur) reasons.push(`blurred (Laplacian variance ${q.blur.toFixed(1)})`);
  if (q.brightness < QUALITY_LIMITS.minBrightness) reasons.push(`too dark (mean ${q.brightness.toFixed(0)})`);
  if (q.brightness > QUALITY_LIMITS.maxBrightness) reasons.push(`washed out (mean ${q.brightness.toFixed(0)})`);
  if (q.glare > QUALITY_LIMITS.maxGlare) reasons.push(`glare on ${(q.glare * 100).toFixed(0)} % of the image`);
  return { tooLow: reasons.length > 0, reasons };
}
