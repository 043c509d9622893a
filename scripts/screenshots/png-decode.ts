import { inflateSync } from 'node:zlib';

/** An image as 8-bit RGBA rows, top to bottom. */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Colour types a browser's screenshot uses: truecolour, and truecolour with alpha. */
const CHANNELS: Record<number, number> = { 2: 3, 6: 4 };

/**
 * Decodes the PNGs a browser's screenshot writes: 8 bits a channel, RGB or RGBA, not interlaced.
 * Anything else is refused by name rather than decoded wrongly.
 */
export function decodePng(file: Uint8Array): Rgba {
  if (!SIGNATURE.every((byte, i) => file[i] === byte)) throw new Error('not a PNG file');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const idat: Uint8Array[] = [];
  let header: { width: number; height: number; channels: number } | null = null;
  for (let at = 8; at + 8 <= file.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...file.subarray(at + 4, at + 8));
    const data = file.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') header = readHeader(data);
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!header) throw new Error('the PNG has no IHDR chunk');
  const raw = inflateSync(Buffer.concat(idat));
  return { width: header.width, height: header.height, data: unfilter(raw, header) };
}

function readHeader(data: Uint8Array) {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const [depth, colourType, , , interlace] = data.subarray(8, 13);
  const channels = CHANNELS[colourType!];
  if (depth !== 8 || !channels || interlace !== 0)
    throw new Error(`unsupported PNG: bit depth ${depth}, colour type ${colourType}, interlace ${interlace}`);
  return { width: view.getUint32(0), height: view.getUint32(4), channels };
}

/** Undoes each row's filter (PNG spec, section 9) and widens RGB to RGBA. */
function unfilter(raw: Uint8Array, { width, height, channels }: { width: number; height: number; channels: number }) {
  const stride = width * channels;
  if (raw.length < height * (stride + 1)) throw new Error('the PNG image data is shorter than its size says');
  let previous = new Uint8Array(stride);
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const row = raw.slice(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? row[i - channels]! : 0;
      const up = previous[i]!;
      const upLeft = i >= channels ? previous[i - channels]! : 0;
      row[i] = (row[i]! + predict(filter, left, up, upLeft)) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      out.set(row.subarray(x * channels, x * channels + 3), (y * width + x) * 4);
      out[(y * width + x) * 4 + 3] = channels === 4 ? row[x * 4 + 3]! : 255;
    }
    previous = row;
  }
  return out;
}

function predict(filter: number, left: number, up: number, upLeft: number): number {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return (left + up) >> 1;
    case 4:
      return paeth(left, up, upLeft);
    default:
      throw new Error(`unknown PNG row filter ${filter}`);
  }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}
