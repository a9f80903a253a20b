import sharp from 'sharp';
import { type Box, type RgbImage } from '@kyc/face';
import { placeInDevice, simulatePrint, simulateScreenReplay } from '@kyc/face/testing';

/**
 * The eval's derived samples from a live capture: ordinary capture variations that stay live, and
 * synthetic attacks (the simulators of @kyc/face/testing: a screen replay, a halftone print, either
 * inside a device bezel). The attacks model the physics the image cues look for but not
 * everything a real re-capture adds, so they are weaker evidence than real re-photographed spoofs
 * and are reported separately.
 */
export interface DerivedSample {
  name: string;
  label: 'live' | 'spoof';
  kind: string;
  image: RgbImage;
  box: Box;
}

const clampByte = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** Ordinary capture variations that keep a live frame live: JPEG re-encoding, exposure, noise. */
export async function liveVariants(name: string, live: RgbImage, box: Box): Promise<DerivedSample[]> {
  const raw = { raw: { width: live.width, height: live.height, channels: 3 as const } };
  const jpegAt = async (quality: number): Promise<RgbImage> => {
    const jpeg = await sharp(Buffer.from(live.data), raw).jpeg({ quality }).toBuffer();
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8Array(data) };
  };
  const scaled = (factor: number): RgbImage => ({ ...live, data: live.data.map((v) => clampByte(v * factor)) });
  let seed = 12345;
  const noise = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648 - 0.5) * 12;
  };
  const noisy: RgbImage = { ...live, data: live.data.map((v) => clampByte(v + noise())) };
  return [
    { name: `${name}#jpeg-q60`, label: 'live', kind: 'live-variant', image: await jpegAt(60), box },
    { name: `${name}#darker-0.8`, label: 'live', kind: 'live-variant', image: scaled(0.8), box },
    { name: `${name}#brighter-1.15`, label: 'live', kind: 'live-variant', image: scaled(1.15), box },
    { name: `${name}#sensor-noise`, label: 'live', kind: 'live-variant', image: noisy, box },
  ];
}

export function syntheticSpoofs(name: string, live: RgbImage, box: Box): DerivedSample[] {
  const samples: DerivedSample[] = [];
  for (const [pitch, angle] of [
    [1.3, 0],
    [1.7, 3],
    [2.3, 7],
  ] as const) {
    samples.push({
      name: `${name}#screen-p${pitch}-a${angle}`,
      label: 'spoof',
      kind: 'synthetic-screen',
      image: simulateScreenReplay(live, pitch, angle),
      box,
    });
  }
  const inDevice = placeInDevice(simulateScreenReplay(live, 1.7, 3), box, 0.8);
  samples.push({ name: `${name}#screen-in-device`, label: 'spoof', kind: 'synthetic-screen', image: inDevice.image, box: inDevice.box });
  for (const cell of [3, 4.5, 6]) {
    samples.push({ name: `${name}#print-cell${cell}`, label: 'spoof', kind: 'synthetic-print', image: simulatePrint(live, cell), box });
  }
  const printInHand = placeInDevice(simulatePrint(live, 4.5), box, 0.8);
  samples.push({
    name: `${name}#print-with-edges`,
    label: 'spoof',
    kind: 'synthetic-print',
    image: printInHand.image,
    box: printInHand.box,
  });
  return samples;
}
