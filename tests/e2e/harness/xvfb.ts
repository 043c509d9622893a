// A virtual X display (Xvfb) for a headed browser: what a test drives there with xdotool, such as
// Chromium's own context menu, exists only in a headed browser, which headless Chromium has none of.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Readable } from 'node:stream';

export interface VirtualDisplay {
  /** The DISPLAY value, e.g. ':3'. */
  display: string;
  stop(): Promise<void>;
}

/** Starts Xvfb on the first free display number, which it reports on fd 3 once it accepts clients. */
export async function startXvfb(): Promise<VirtualDisplay> {
  const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += String(chunk)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill();
    await once(child, 'exit');
  };
  const number = await new Promise<string>((resolve, reject) => {
    let text = '';
    (child.stdio[3] as Readable).on('data', (chunk: Buffer) => {
      text += String(chunk);
      if (text.includes('\n')) resolve(text.trim());
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it was ready: ${errors.trim()}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { display: `:${number}`, stop };
}
