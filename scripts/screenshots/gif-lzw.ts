/** GIF's LZW (GIF89a spec, appendix F) for 8-bit pixel indices: codes of 9 to 12 bits, least significant bit first. */
export const MIN_CODE_SIZE = 8;
const CLEAR = 1 << MIN_CODE_SIZE;
const END = CLEAR + 1;
const MAX_CODES = 4096;

/** The image data of one frame: the LZW codes of `pixels`, packed into bytes. */
export function lzwEncode(pixels: Uint8Array): Uint8Array {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  let size = MIN_CODE_SIZE + 1;
  const write = (code: number) => {
    buffer |= code << bits;
    bits += size;
    while (bits >= 8) {
      bytes.push(buffer & 0xff);
      buffer >>>= 8;
      bits -= 8;
    }
  };
  let table = new Map<number, number>();
  let next = END + 1;
  // The decoder adds a code for each it reads and widens once its table fills the current size.
  const widen = () => {
    if (next === 1 << size && size < 12) size++;
  };
  write(CLEAR);
  let prefix = pixels[0]!;
  for (let i = 1; i < pixels.length; i++) {
    const pixel = pixels[i]!;
    const known = table.get(prefix * 256 + pixel);
    if (known !== undefined) {
      prefix = known;
      continue;
    }
    write(prefix);
    widen();
    if (next < MAX_CODES) table.set(prefix * 256 + pixel, next++);
    else {
      write(CLEAR);
      table = new Map();
      next = END + 1;
      size = MIN_CODE_SIZE + 1;
    }
    prefix = pixel;
  }
  write(prefix);
  widen();
  write(END);
  if (bits > 0) bytes.push(buffer & 0xff);
  return Uint8Array.from(bytes);
}
