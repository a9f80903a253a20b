import { type Box } from './types';

/**
 * A text region as a rectangle turned by `angle` (radians, the reading direction measured from the x axis,
 * y pointing down): `length` along the reading direction, `thickness` across it, centred on (cx, cy).
 * Photos of documents are rarely level; reading a tilted line from its axis-aligned bounds mixes it with its
 * neighbours (two MRZ lines tilted by 10° share most of their bounding boxes).
 */
export interface OrientedBox {
  cx: number;
  cy: number;
  length: number;
  thickness: number;
  angle: number;
}

/** Corners in reading order: top-left, top-right, bottom-right, bottom-left of the upright text. */
export function corners(region: OrientedBox): [number, number][] {
  const ux = Math.cos(region.angle);
  const uy = Math.sin(region.angle);
  const hl = region.length / 2;
  const ht = region.thickness / 2;
  return [[-hl, -ht], [hl, -ht], [hl, ht], [-hl, ht]].map(([s, t]) => [region.cx + ux * s - uy * t, region.cy + uy * s + ux * t]);
}

/** The axis-aligned bounds of a region, clamped to the image. */
export function boundsOf(region: OrientedBox, imageWidth: number, imageHeight: number): Box {
  const points = corners(region);
  const x = Math.max(0, Math.floor(Math.min(...points.map((p) => p[0]))));
  const y = Math.max(0, Math.floor(Math.min(...points.map((p) => p[1]))));
  const right = Math.min(imageWidth, Math.ceil(Math.max(...points.map((p) => p[0]))));
  const bottom = Math.min(imageHeight, Math.ceil(Math.max(...points.map((p) => p[1]))));
  return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
}

/** An upright region covering an axis-aligned box. */
export function regionOfBox(box: Box): OrientedBox {
  return { cx: box.x + box.width / 2, cy: box.y + box.height / 2, length: box.width, thickness: box.height, angle: 0 };
}

export function lengthen(region: OrientedBox, margin: number): OrientedBox {
  return { ...region, length: region.length + 2 * margin };
}

/** Maps a region through a per-axis scale (the detector's input is resized with slightly different x and y factors). */
export function scaleRegion(region: OrientedBox, sx: number, sy: number): OrientedBox {
  const ux = Math.cos(region.angle);
  const uy = Math.sin(region.angle);
  const along = Math.hypot(ux * sx, uy * sy);
  const across = Math.hypot(-uy * sx, ux * sy);
  return {
    cx: region.cx * sx,
    cy: region.cy * sy,
    length: region.length * along,
    thickness: region.thickness * across,
    angle: Math.atan2(uy * sy, ux * sx),
  };
}
