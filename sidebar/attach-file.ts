/**
 * A file the person drops or picks, read in the sidebar into what a message carries (its own chunk,
 * loaded with the first file): text as it is, a PDF's text by page with the PDF reader chunk, an image
 * as a data: URL for models that see images. Each refusal says why, in words for the person.
 */
import { hasNoText, pageMarkdown } from '../src/pdf/pdf-markdown';
import { readWithChunk } from '../src/pdf/reader-chunk';
import { IMAGE_TYPES, MAX_ATTACHED_CHARS, MAX_FILE_BYTES, MAX_IMAGE_BYTES } from '../src/protocol/upload-limits';
import type { SentAttachment } from '../src/protocol/attachments';
import { t } from '../src/i18n';

const TEXT_NAME = /\.(txt|md|markdown|csv|tsv|json|log|xml|ya?ml|html?)$/i;
const MB = 1024 * 1024;

export async function readAttachedFile(file: File): Promise<SentAttachment> {
  const name = file.name.slice(0, 300) || 'file';
  if (file.size > MAX_FILE_BYTES) throw new Error(t('attach_too_large', name, MAX_FILE_BYTES / MB));
  if ((IMAGE_TYPES as readonly string[]).includes(file.type)) {
    if (file.size > MAX_IMAGE_BYTES) throw new Error(t('attach_image_too_large', name, MAX_IMAGE_BYTES / MB));
    return { kind: 'image', name, dataUrl: await dataUrl(file) };
  }
  if (file.type === 'application/pdf' || /\.pdf$/i.test(name)) return { kind: 'file', name, ...(await pdfText(file)) };
  if (file.type.startsWith('text/') || file.type === 'application/json' || TEXT_NAME.test(name)) {
    const text = await file.text();
    if (text.includes('\u0000')) throw new Error(t('attach_not_text', name));
    return { kind: 'file', name, text: text.slice(0, MAX_ATTACHED_CHARS), chars: text.length };
  }
  throw new Error(t('attach_unknown_type', name));
}

/** The PDF's pages as markdown ("## Page N" before each), read from the file by the PDF reader chunk. */
async function pdfText(file: File): Promise<{ text: string; chars: number }> {
  const url = URL.createObjectURL(file);
  try {
    const reading = await readWithChunk(url);
    if (reading.kind === 'failed') throw new Error(reading.error);
    if (reading.kind === 'not-pdf') throw new Error(t('attach_not_pdf', file.name));
    if (hasNoText(reading.pdf)) throw new Error(t('attach_pdf_no_text', file.name));
    const text = reading.pdf.pages.map((_page, index) => pageMarkdown(reading.pdf, index + 1)).join('\n\n');
    return { text: text.slice(0, MAX_ATTACHED_CHARS), chars: text.length };
  } finally {
    URL.revokeObjectURL(url);
  }
}

function dataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(file);
  });
}
