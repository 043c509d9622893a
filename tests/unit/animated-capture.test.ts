import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { changedBox, encodeGif } from '../../scripts/screenshots/gif-encode';
import { decodePng, type Rgba } from '../../scripts/screenshots/png-decode';

/** A PNG written the plain way the spec describes, each row with the filter given for it. */
function pngOf(width: number, height: number, channels: 3 | 4, pixel: (x: number, y: number) => number[]) {
  const stride = width * channels;
  const rows: number[] = [];
  let previous = new Array<number>(stride).fill(0);
  for (let y = 0; y < height; y++) {
    const row = Array.from({ length: width }, (_, x) => pixel(x, y).slice(0, channels)).flat();
    const filter = y % 5;
    rows.push(filter);
    row.forEach((value, i) => {
      const a = i >= channels ? row[i - channels]! : 0;
      const b = previous[i]!;
      const c = i >= channels ? previous[i - channels]! : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter]!;
      rows.push((value - predicted + 256) & 0xff);
    });
    previous = row;
  }
  const chunk = (type: string, data: Uint8Array) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Uint8Array.from(rows))),
    chunk('IEND', new Uint8Array()),
  ]);
}

const colour = (x: number, y: number) => [
  (x * 37 + y * 11) & 0xff,
  (x * y) & 0xff,
  ((x ^ y) * 9) & 0xff,
  200 + (x % 50),
];

describe('decoding a screenshot PNG', () => {
  it.each([3, 4] as const)('reads %i-channel rows under each of the five filters', (channels) => {
    const image = decodePng(pngOf(13, 10, channels, colour));
    expect([image.width, image.height]).toEqual([13, 10]);
    for (const [x, y] of [
      [0, 0],
      [12, 0],
      [5, 4],
      [12, 9],
      [7, 3],
    ] as const) {
      const at = (y * 13 + x) * 4;
      const alpha = channels === 4 ? colour(x, y)[3] : 255;
      expect([...image.data.subarray(at, at + 4)], `pixel ${x},${y}`).toEqual([...colour(x, y).slice(0, 3), alpha]);
    }
  });

  it('refuses what it cannot read instead of guessing', () => {
    expect(() => decodePng(new Uint8Array(16))).toThrow('not a PNG file');
    const palette = pngOf(2, 2, 3, colour);
    palette[8 + 8 + 9] = 3;
    expect(() => decodePng(palette)).toThrow('unsupported PNG: bit depth 8, colour type 3');
  });
});

/** Reads a GIF back the way a viewer does: each frame drawn over the last, in the shared palette. */
function playGif(gif: Uint8Array) {
  expect(Buffer.from(gif.subarray(0, 6)).toString('latin1')).toBe('GIF89a');
  const width = gif[6]! | (gif[7]! << 8);
  const height = gif[8]! | (gif[9]! << 8);
  const palette = gif.subarray(13, 13 + 768);
  const canvas = new Uint8Array(width * height * 3);
  const frames: { rgb: Uint8Array; delayCs: number; box: number[] }[] = [];
  let at = 13 + 768;
  let delayCs = 0;
  let loops = false;
  const blocks = () => {
    const parts: number[] = [];
    while (gif[at] !== 0) {
      parts.push(...gif.subarray(at + 1, at + 1 + gif[at]!));
      at += gif[at]! + 1;
    }
    at++;
    return parts;
  };
  while (gif[at] !== 0x3b) {
    const kind = gif[at]!;
    if (kind === 0x21) {
      const label = gif[at + 1];
      at += 2;
      const data = blocks();
      if (label === 0xf9) delayCs = data[1]! | (data[2]! << 8);
      if (label === 0xff) loops = Buffer.from(data.slice(0, 11)).toString('latin1') === 'NETSCAPE2.0';
      continue;
    }
    expect(kind).toBe(0x2c);
    const [left, top, w, h] = [1, 3, 5, 7].map((o) => gif[at + o]! | (gif[at + o + 1]! << 8));
    const minSize = gif[at + 10]!;
    at += 11;
    const pixels = lzwDecode(blocks(), minSize);
    expect(pixels).toHaveLength(w! * h!);
    pixels.forEach((index, i) => {
      const target = ((top! + Math.floor(i / w!)) * width + left! + (i % w!)) * 3;
      canvas.set(palette.subarray(index * 3, index * 3 + 3), target);
    });
    frames.push({ rgb: canvas.slice(), delayCs, box: [left!, top!, w!, h!] });
  }
  return { width, height, frames, loops };
}

/** GIF's LZW read back (GIF89a appendix F), written from the spec, not from the encoder. */
function lzwDecode(data: number[], minSize: number): number[] {
  const clear = 1 << minSize;
  const out: number[] = [];
  let table: number[][] = [];
  let size = minSize + 1;
  let previous: number[] | null = null;
  let bit = 0;
  const read = () => {
    let code = 0;
    for (let i = 0; i < size; i++, bit++) code |= ((data[bit >> 3]! >> (bit & 7)) & 1) << i;
    return code;
  };
  for (;;) {
    const code = read();
    if (code === clear) {
      table = Array.from({ length: clear + 2 }, (_, i) => [i]);
      size = minSize + 1;
      previous = null;
      continue;
    }
    if (code === clear + 1) return out;
    const entry: number[] | null = code < table.length ? table[code]! : previous ? [...previous, previous[0]!] : null;
    if (!entry) throw new Error(`code ${code} is not in the table`);
    out.push(...entry);
    if (previous && table.length < 4096) table.push([...previous, entry[0]!]);
    previous = entry;
    if (table.length === 1 << size && size < 12) size++;
  }
}

describe('encoding an animated GIF', () => {
  const W = 120;
  const H = 90;
  // 216 colours in a pattern without long runs: enough codes to fill the table and start it again.
  const image = (changed = (_x: number, _y: number) => false): Rgba => {
    const data = new Uint8Array(W * H * 4);
    for (let i = 0; i < W * H; i++) {
      const [x, y] = [i % W, Math.floor(i / W)];
      const n = changed(x, y) ? 7 : (x * 7 + y * 13 + ((x * y) % 11)) % 216;
      data.set([(n % 6) * 51, (Math.floor(n / 6) % 6) * 51, Math.floor(n / 36) * 51, 255], i * 4);
    }
    return { width: W, height: H, data };
  };
  const rgbOf = (rgba: Rgba) => Uint8Array.from(rgba.data.filter((_, i) => i % 4 !== 3));
  const inBox = (x: number, y: number) => x >= 30 && x < 41 && y >= 50 && y < 55;

  it('plays back every frame exactly, stores only what changed, and merges a frame that changed nothing', () => {
    const frames = [
      { image: image(), delayMs: 400 },
      { image: image(), delayMs: 300 },
      { image: image(inBox), delayMs: 2000 },
    ];
    const played = playGif(encodeGif(frames));
    expect([played.width, played.height, played.loops]).toEqual([W, H, true]);
    expect(played.frames.map((f) => f.delayCs)).toEqual([70, 200]);
    expect(played.frames.map((f) => f.box)).toEqual([
      [0, 0, W, H],
      [30, 50, 11, 5],
    ]);
    expect(Buffer.compare(played.frames[0]!.rgb, rgbOf(frames[0]!.image))).toBe(0);
    expect(Buffer.compare(played.frames[1]!.rgb, rgbOf(frames[2]!.image))).toBe(0);
  });

  it('finds the box that changed, or none', () => {
    const before = new Uint8Array(20);
    const after = before.slice();
    expect(changedBox(before, after, 5)).toBeNull();
    after[7] = 1;
    after[13] = 2;
    expect(changedBox(before, after, 5)).toEqual({ left: 2, top: 1, width: 2, height: 2 });
  });

  it('refuses frames of different sizes, or none', () => {
    expect(() => encodeGif([])).toThrow('at least one frame');
    const small = { width: 1, height: 1, data: new Uint8Array(4) };
    expect(() =>
      encodeGif([
        { image: image(), delayMs: 1 },
        { image: small, delayMs: 1 },
      ]),
    ).toThrow('same size');
  });
});
