import type { PageDriver } from '../harness';

/** Records every Blob the page turns into a download URL: what the person would find on disk. */
export const catchDownloads = (page: PageDriver): Promise<void> =>
  page.evaluate(() => {
    const saved: Blob[] = [];
    (window as unknown as { __saved: Blob[] }).__saved = saved;
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      if (blob instanceof Blob) saved.push(blob);
      return create(blob);
    };
  });

/** The last download, waited for: its MIME type and bytes (carried as base64, since evaluate returns JSON). */
export async function lastDownload(page: PageDriver): Promise<{ type: string; bytes: Buffer }> {
  const packed = await page.waitFor(
    async () => {
      const blob = (window as unknown as { __saved: Blob[] }).__saved.pop();
      if (!blob) return '';
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return `${blob.type};${btoa(binary)}`;
    },
    undefined,
    { message: 'nothing was downloaded' },
  );
  const split = packed.indexOf(';');
  return { type: packed.slice(0, split), bytes: Buffer.from(packed.slice(split + 1), 'base64') };
}
