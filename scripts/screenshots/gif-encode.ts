import { commonPalette, indexPixels, PALETTE_SIZE } from './gif-palette';
import { lzwEncode, MIN_CODE_SIZE } from './gif-lzw';
import type { Rgba } from './png-decode';

/** One picture of an animation and how long it shows. */
export interface Frame {
  image: Rgba;
  delayMs: number;
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * An animated GIF (GIF89a) of frames of one size that loops. Every frame shares one palette of
 * the most used colours, and after the first only the box of pixels that changed is stored, over
 * the frame before: a UI that changes a line at a time stays small.
 */
export function encodeGif(frames: Frame[]): Uint8Array {
  const first = frames[0]?.image;
  if (!first) throw new Error('an animation needs at least one frame');
  if (frames.some(({ image }) => image.width !== first.width || image.height !== first.height))
    throw new Error('every frame of an animation must have the same size');
  const palette = commonPalette(frames.map((frame) => frame.image));
  const nearest = new Int16Array(1 << 15).fill(-1);
  const indexed = frames.map((frame) => indexPixels(frame.image, palette, nearest));
  const out: Uint8Array[] = [header(first.width, first.height), palette, loopForever()];
  let previous: Uint8Array | null = null;
  let pending: { box: Box; pixels: Uint8Array; delayMs: number } | null = null;
  for (const [i, pixels] of indexed.entries()) {
    const box = previous ? changedBox(previous, pixels, first.width) : whole(first.width, first.height);
    previous = pixels;
    // A frame that changed nothing once indexed only lengthens the one before.
    if (!box && pending) pending.delayMs += frames[i]!.delayMs;
    else if (box) {
      if (pending) out.push(frame(pending, first.width));
      pending = { box, pixels, delayMs: frames[i]!.delayMs };
    }
  }
  if (pending) out.push(frame(pending, first.width));
  out.push(Uint8Array.of(0x3b));
  return Buffer.concat(out);
}

const u16 = (n: number) => [n & 0xff, n >> 8];
const whole = (width: number, height: number): Box => ({ left: 0, top: 0, width, height });

function header(width: number, height: number): Uint8Array {
  const tableBits = Math.log2(PALETTE_SIZE) - 1;
  // Global colour table present, 8 bits of colour resolution, its size; background colour 0; square pixels.
  return Uint8Array.from([...Buffer.from('GIF89a'), ...u16(width), ...u16(height), 0xf0 | tableBits, 0, 0]);
}

/** The NETSCAPE2.0 application extension: loop count 0, for ever. */
function loopForever(): Uint8Array {
  return Uint8Array.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 0x03, 0x01, ...u16(0), 0x00]);
}

function frame({ box, pixels, delayMs }: { box: Box; pixels: Uint8Array; delayMs: number }, width: number): Uint8Array {
  const crop = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++)
    crop.set(
      pixels.subarray((box.top + y) * width + box.left, (box.top + y) * width + box.left + box.width),
      y * box.width,
    );
  // Graphic control: disposal 1 (leave the frame in place for the next to draw over), delay in 1/100 s.
  const control = [0x21, 0xf9, 0x04, 0x04, ...u16(Math.min(0xffff, Math.round(delayMs / 10))), 0x00, 0x00];
  const descriptor = [0x2c, ...u16(box.left), ...u16(box.top), ...u16(box.width), ...u16(box.height), 0x00];
  return Buffer.concat([Uint8Array.from([...control, ...descriptor, MIN_CODE_SIZE]), subBlocks(lzwEncode(crop))]);
}

/** Image data goes in blocks of at most 255 bytes, each after its length, ended by an empty block. */
function subBlocks(data: Uint8Array): Uint8Array {
  const out: Uint8Array[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const block = data.subarray(at, at + 255);
    out.push(Uint8Array.of(block.length), block);
  }
  out.push(Uint8Array.of(0));
  return Buffer.concat(out);
}

/** The smallest box holding every pixel that differs between two frames, or null if none does. */
export function changedBox(before: Uint8Array, after: Uint8Array, width: number): Box | null {
  let [left, top, right, bottom] = [width, Infinity, -1, -1];
  for (let i = 0; i < after.length; i++) {
    if (before[i] === after[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    [left, right] = [Math.min(left, x), Math.max(right, x)];
    [top, bottom] = [Math.min(top, y), y];
  }
  return right < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
}
