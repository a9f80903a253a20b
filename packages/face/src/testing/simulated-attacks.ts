import { type FaceBox, type RgbImage } from '../liveness/types';

/**
 * Synthetic presentation attacks built from a live capture, for tests and evaluation only (never
 * used by the analysis). They model the physics the image cues look for (a display's RGB subpixel
 * lattice resampled by a camera; CMYK halftone dots and ink gamut on paper) but not everything a
 * real re-capture adds (reflections, focus, paper texture, the camera's own processing), so they
 * are weaker evidence than real re-photographed spoofs.
 */

const clampByte = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

function sampleBilinear(image: RgbImage, x: number, y: number, channel: number): number {
  const x0 = Math.min(Math.max(Math.floor(x), 0), image.width - 1);
  const y0 = Math.min(Math.max(Math.floor(y), 0), image.height - 1);
  const x1 = Math.min(x0 + 1, image.width - 1);
  const y1 = Math.min(y0 + 1, image.height - 1);
  const fx = Math.min(Math.max(x - x0, 0), 1);
  const fy = Math.min(Math.max(y - y0, 0), 1);
  const at = (xx: number, yy: number): number => image.data[(yy * image.width + xx) * 3 + channel];
  return (at(x0, y0) * (1 - fx) + at(x1, y0) * fx) * (1 - fy) + (at(x0, y1) * (1 - fx) + at(x1, y1) * fx) * fy;
}

/** 3×3 box blur: the camera lens/sensor point spread that re-captures the presentation. */
function boxBlur(image: RgbImage): RgbImage {
  const out = new Uint8Array(image.data.length);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= image.height) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            if (xx < 0 || xx >= image.width) continue;
            sum += image.data[(yy * image.width + xx) * 3 + c];
            n++;
          }
        }
        out[(y * image.width + x) * 3 + c] = clampByte(sum / n);
      }
    }
  }
  return { width: image.width, height: image.height, data: out };
}

/**
 * A screen replay: the live frame shown on an RGB-stripe display whose pixel pitch is `pitch`
 * camera pixels, rotated by `angleDeg`, re-captured and slightly blurred. Each display pixel lights
 * only one colour stripe at a time where the camera samples it, which is what produces the grid
 * and (where pitch and sampling beat) the moiré. A blue-ish display white point is applied.
 */
export function simulateScreenReplay(live: RgbImage, pitch: number, angleDeg: number): RgbImage {
  const out = new Uint8Array(live.data.length);
  const t = (angleDeg * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const whitePoint = [0.92, 0.97, 1.05];
  for (let y = 0; y < live.height; y++) {
    for (let x = 0; x < live.width; x++) {
      // Camera pixel → display coordinates (in display pixels).
      const u = (x * cos + y * sin) / pitch;
      const v = (-x * sin + y * cos) / pitch;
      const stripe = Math.floor((u - Math.floor(u)) * 3); // 0 R, 1 G, 2 B
      const rowGap = v - Math.floor(v) > 0.85 ? 0.35 : 1; // the black matrix between rows
      for (let c = 0; c < 3; c++) {
        const source = live.data[(y * live.width + x) * 3 + c];
        // The lit stripe carries three times its share so overall brightness is kept.
        const lit = c === stripe ? 2.2 : 0.4;
        out[(y * live.width + x) * 3 + c] = clampByte(source * lit * rowGap * whitePoint[c]);
      }
    }
  }
  return boxBlur({ width: live.width, height: live.height, data: out });
}

/**
 * A print attack: CMY halftone (dot screens at 15°, 75°, 0°, `cell` camera pixels per dot), inks
 * with a smaller gamut than the camera (chroma × 0.55), paper white and ink black (luma range
 * 35-235), re-captured with a slight blur.
 */
export function simulatePrint(live: RgbImage, cell: number): RgbImage {
  const out = new Uint8Array(live.data.length);
  const angles = [15, 75, 0].map((d) => (d * Math.PI) / 180);
  const paper = [246, 242, 232];
  for (let y = 0; y < live.height; y++) {
    for (let x = 0; x < live.width; x++) {
      const p = (y * live.width + x) * 3;
      const r = live.data[p];
      const g = live.data[p + 1];
      const b = live.data[p + 2];
      const luma = 0.299 * r + 0.587 * g + 0.114 * b;
      const compressed = [r, g, b].map((v) => luma + (v - luma) * 0.55);
      for (let c = 0; c < 3; c++) {
        const inkCoverage = 1 - Math.min(Math.max(compressed[c] / 255, 0), 1);
        const a = angles[c];
        const u = (x * Math.cos(a) + y * Math.sin(a)) / cell;
        const v = (-x * Math.sin(a) + y * Math.cos(a)) / cell;
        // Distance to the dot centre; a dot of area = coverage has radius √(coverage/π).
        const du = u - Math.round(u);
        const dv = v - Math.round(v);
        const inDot = Math.hypot(du, dv) < Math.sqrt(inkCoverage / Math.PI);
        const value = inDot ? 35 : paper[c];
        out[p + c] = clampByte(value);
      }
    }
  }
  return boxBlur({ width: live.width, height: live.height, data: out });
}

/** Puts a presentation inside a dark device bezel on a plain background, at `scale` of the frame. */
export function placeInDevice(presentation: RgbImage, box: FaceBox, scale: number): { image: RgbImage; box: FaceBox } {
  const { width, height } = presentation;
  const out = new Uint8Array(presentation.data.length);
  const innerW = Math.round(width * scale);
  const innerH = Math.round(height * scale);
  const left = Math.round((width - innerW) / 2);
  const top = Math.round((height - innerH) / 2);
  const bezel = Math.round(width * 0.04);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 3;
      const inScreen = x >= left && x < left + innerW && y >= top && y < top + innerH;
      const inBezel = x >= left - bezel && x < left + innerW + bezel && y >= top - bezel && y < top + innerH + bezel;
      if (inScreen) {
        for (let c = 0; c < 3; c++) out[p + c] = clampByte(sampleBilinear(presentation, (x - left) / scale, (y - top) / scale, c));
      } else if (inBezel) {
        out[p] = 18;
        out[p + 1] = 18;
        out[p + 2] = 20;
      } else {
        // A soft wall-like background gradient.
        const shade = 150 + 50 * (y / height);
        out[p] = clampByte(shade);
        out[p + 1] = clampByte(shade - 5);
        out[p + 2] = clampByte(shade - 12);
      }
    }
  }
  return {
    image: { width, height, data: out },
    box: {
      x: Math.round(left + box.x * scale),
      y: Math.round(top + box.y * scale),
      width: Math.round(box.width * scale),
      height: Math.round(box.height * scale),
    },
  };
}
