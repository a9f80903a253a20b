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
  return [
    [-hl, -ht],
    [hl, -ht],
    [hl, ht],
    [-hl, ht],
  ].map(([s, t]) => [region.cx + ux * s - uy * t, region.cy + uy * s + ux * t]);
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

/**
 * A line at least this many times as long as it is thick is a single long line (an MRZ line is ~25–30), read
 * differently from words: stretched for the recogniser, joined across detector gaps, tried by the MRZ templates.
 */
export const LONG_LINE_ASPECT = 15;

export function isLongLine(region: OrientedBox): boolean {
  return region.length / region.thickness >= LONG_LINE_ASPECT;
}

/** Where a region's centre lies along and across the direction `angle` (the page's frame). */
export function positionInFrame(region: OrientedBox, angle: number): { along: number; across: number } {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return { along: cos * region.cx + sin * region.cy, across: -sin * region.cx + cos * region.cy };
}

/** Median angle of the regions at least `minElongation` times as long as thick: the page's text direction (0 when none). */
export function dominantAngle(regions: OrientedBox[], minElongation: number): number {
  const angles = regions
    .filter((r) => r.length >= r.thickness * minElongation)
    .map((r) => r.angle)
    .sort((a, b) => a - b);
  return angles.length === 0 ? 0 : angles[Math.floor(angles.length / 2)];
}

/** Indices of the regions, top line first: which lies above which is measured across the lines' common direction, so a tilted page keeps its order. */
export function topToBottom(regions: OrientedBox[]): number[] {
  const angle = dominantAngle(regions, 1);
  const across = regions.map((r) => positionInFrame(r, angle).across);
  return regions.map((_, i) => i).sort((a, b) => across[a] - across[b]);
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
