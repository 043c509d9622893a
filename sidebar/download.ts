import type { Handlers } from './inbox';

/** Saves text or bytes as a file the person downloads (an export they asked for). */
export function download(fileName: string, content: string | Uint8Array<ArrayBuffer>, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The bytes of base64 text (a ZIP the background built). */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

type Download = (fileName: string, content: string | Uint8Array<ArrayBuffer>, type: string) => void;

/** The exports the background sends: a conversation as Markdown or JSON, a crawl job as a ZIP. */
export function fileHandlers(save: Download): Handlers<'CONVERSATION_EXPORT' | 'CRAWL_JOB_EXPORT'> {
  return {
    CONVERSATION_EXPORT: ({ payload: { fileName, content, format } }) =>
      save(fileName, content, format === 'json' ? 'application/json' : 'text/markdown'),
    CRAWL_JOB_EXPORT: ({ payload }) => save(payload.fileName, fromBase64(payload.base64), 'application/zip'),
  };
}
