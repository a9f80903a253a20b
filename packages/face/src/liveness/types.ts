/** A face box in image pixels, top-left origin, as a face detector reports it. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An upright (EXIF orientation applied) 8-bit sRGB image, pixels interleaved RGB, row-major. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}
