/**
 * Bytes shaped like a MediaRecorder WebM/Opus file (EBML magic, an A_OPUS codec id), padded to
 * `size`: enough for the wire tests; the e2e tests send real recordings.
 */
export function webmLike(size = 4000): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3]);
  bytes.set(new TextEncoder().encode('A_OPUS'), 40);
  return bytes;
}
