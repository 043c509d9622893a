import * as v from 'valibot';
import { MAX_ATTACHED_CHARS, MAX_ATTACHMENTS, MAX_IMAGE_BYTES } from './upload-limits';

const Name = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(300));
const Text = v.pipe(v.string(), v.maxLength(MAX_ATTACHED_CHARS));
/** How long the whole text was, so the model is told when it has only the start. */
const Chars = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000_000));

const ImageData = v.pipe(
  v.string(),
  v.maxLength(Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 30, 'must hold at most 1 MB of image'),
  // Not v.base64: its regex overflows the stack on large strings.
  v.regex(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]*={0,2}$/, 'must be a base64 PNG, JPEG, GIF or WebP'),
);

/** The person's own file, read by the sidebar: its text (a PDF's as markdown with page markers). */
const FileAttachment = v.strictObject({ kind: v.literal('file'), name: Name, text: Text, chars: Chars });
/** The person's image, for models that see images. */
const ImageAttachment = v.strictObject({ kind: v.literal('image'), name: Name, dataUrl: ImageData });

/** What the sidebar sends with a message: files it read, and the open tabs the person picked (read by the background). */
export const SentAttachment = v.variant('kind', [
  FileAttachment,
  ImageAttachment,
  v.strictObject({ kind: v.literal('tab'), tabId: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
]);
export type SentAttachment = v.InferOutput<typeof SentAttachment>;

/**
 * What a message keeps: the person's files as they sent them, and each picked tab's content as read
 * under its site's policy, with its title and address. Page content, never the person's words.
 */
export const Attachment = v.variant('kind', [
  FileAttachment,
  ImageAttachment,
  v.strictObject({
    kind: v.literal('tab'),
    title: v.pipe(v.string(), v.maxLength(1000)),
    url: v.pipe(v.string(), v.maxLength(8192)),
    text: Text,
    chars: Chars,
  }),
]);
export type Attachment = v.InferOutput<typeof Attachment>;

export const Attachments = v.pipe(v.array(Attachment), v.maxLength(MAX_ATTACHMENTS));
export const SentAttachments = v.pipe(
  v.array(SentAttachment),
  v.maxLength(MAX_ATTACHMENTS, `must hold at most ${MAX_ATTACHMENTS} files and tabs`),
  v.check((all) => all.filter((a) => a.kind === 'image').length <= 1, 'must hold at most one image'),
);
