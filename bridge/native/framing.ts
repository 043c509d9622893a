/**
 * Native messaging's framing, used on both of the host's sides: each message is a 32-bit length in
 * the machine's byte order (little-endian on every platform the browsers run on) and that many bytes
 * of UTF-8 JSON. A frame over the limit, or one that is not a JSON object, is reported and skipped,
 * never parsed: the next frame is read as if it had not come.
 */

/** Why a frame was refused. */
export type FrameFault = 'oversized' | 'not JSON' | 'not an object';

export function encodeFrame(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length, 0);
  return Buffer.concat([head, body]);
}

/** Feeds chunks in; calls `onMessage` with each whole frame's object, `onFault` for each refused one. */
export function createFrameReader(
  maxBytes: number,
  onMessage: (message: Record<string, unknown>) => void,
  onFault: (fault: FrameFault, bytes: number) => void,
) {
  let buffered: Buffer = Buffer.alloc(0);
  /** Bytes of a refused frame still to pass over. */
  let skipping = 0;

  return function feed(chunk: Buffer): void {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    for (;;) {
      if (skipping > 0) {
        const dropped = Math.min(skipping, buffered.length);
        skipping -= dropped;
        buffered = buffered.subarray(dropped);
        if (skipping > 0) return;
      }
      if (buffered.length < 4) return;
      const length = buffered.readUInt32LE(0);
      if (length > maxBytes) {
        // Not kept in memory: passed over as it arrives.
        onFault('oversized', length);
        buffered = buffered.subarray(4);
        skipping = length;
        continue;
      }
      if (buffered.length < 4 + length) return;
      const body = buffered.subarray(4, 4 + length).toString('utf8');
      buffered = buffered.subarray(4 + length);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        onFault('not JSON', length);
        continue;
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) onFault('not an object', length);
      else onMessage(parsed as Record<string, unknown>);
    }
  };
}
