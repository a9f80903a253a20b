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
  box: Box;
  /** Mean detection probability inside the region. */
  score: number;
}

export interface OcrWord {
  text: string;
  /** Mean CTC peak probability of the kept characters, 0–1. */
  confidence: number;
  box: Box;
}

/** Words sharing a row, left to right. */
export interface OcrLine {
  text: string;
  confidence: number;
  box: Box;
  words: OcrWord[];
}
