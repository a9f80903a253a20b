import { type OrientedBox } from './oriented-box';

/** 8-bit RGB pixels, row-major, three bytes per pixel. */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TextBox {
  /** The text's rectangle along its reading direction. */
  region: OrientedBox;
  /** Axis-aligned bounds of the region. */
  box: Box;
  /** Mean detection probability inside the region. */
  score: number;
}

export interface OcrWord {
  text: string;
  /** Mean CTC peak probability of the kept characters, 0–1. */
  confidence: number;
  box: Box;
  region: OrientedBox;
  /** See Recognition.wholeLine. */
  wholeLine?: boolean;
}

/** Words sharing a row, left to right. */
export interface OcrLine {
  text: string;
  confidence: number;
  box: Box;
  words: OcrWord[];
}
