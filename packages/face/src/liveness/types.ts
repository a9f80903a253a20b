import type { Box, RgbImage } from '../image/rgb-image';

/** A face box in image pixels, top-left origin, as the face detector reports it. */
export type FaceBox = Box;

/** An upright (EXIF orientation applied) 8-bit sRGB image, pixels interleaved RGB, row-major. */
export type { RgbImage };
