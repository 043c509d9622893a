import type { Rgba } from './png-decode';

/** A GIF's colour table: 256 colours, as r, g, b triples. */
export const PALETTE_SIZE = 256;

/** Colours are counted in 5-bit-a-channel bins: near shades of one colour share a bin. */
const bin = (data: Uint8Array, at: number) =>
  ((data[at]! >> 3) << 10) | ((data[at + 1]! >> 3) << 5) | (data[at + 2]! >> 3);

/**
 * One palette for every frame: the most used colours. A screenshot of a UI is mostly a few flat
 * colours, so the most frequent ones draw it exactly and text's anti-aliased edges take the nearest.
 */
export function commonPalette(images: Rgba[]): Uint8Array {
  const count = new Float64Array(1 << 15);
  const sums = new Float64Array(3 << 15);
  for (const { data } of images) {
    for (let at = 0; at < data.length; at += 4) {
      const b = bin(data, at);
      count[b]!++;
      for (let c = 0; c < 3; c++) sums[b * 3 + c] = sums[b * 3 + c]! + data[at + c]!;
    }
  }
  const used = [...count.keys()].filter((b) => count[b]! > 0).sort((a, b) => count[b]! - count[a]!);
  const palette = new Uint8Array(PALETTE_SIZE * 3);
  used.slice(0, PALETTE_SIZE).forEach((b, i) => {
    for (let c = 0; c < 3; c++) palette[i * 3 + c] = Math.round(sums[b * 3 + c]! / count[b]!);
  });
  return palette;
}

/** Each pixel as the index of its nearest palette colour (one search per bin, remembered). */
export function indexPixels(image: Rgba, palette: Uint8Array, nearest = new Int16Array(1 << 15).fill(-1)): Uint8Array {
  const out = new Uint8Array(image.width * image.height);
  for (let at = 0, i = 0; at < image.data.length; at += 4, i++) {
    const b = bin(image.data, at);
    if (nearest[b]! < 0) nearest[b] = closest(palette, image.data[at]!, image.data[at + 1]!, image.data[at + 2]!);
    out[i] = nearest[b]!;
  }
  return out;
}

function closest(palette: Uint8Array, r: number, g: number, b: number): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < palette.length / 3; i++) {
    const distance = (palette[i * 3]! - r) ** 2 + (palette[i * 3 + 1]! - g) ** 2 + (palette[i * 3 + 2]! - b) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [i, distance];
  }
  return best;
}
