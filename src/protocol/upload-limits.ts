/**
 * The limits of what the sidebar sends (files, images, recordings), apart from the schemas: the sidebar
 * checks them before sending without loading the protocol's schemas with its first screen.
 */
/** The most files and tabs one message carries. */
export const MAX_ATTACHMENTS = 6;
/** The largest file the sidebar reads at all; a larger one is refused before it is read. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** The text kept of one file or tab: what goes to the model and into the conversation store. */
export const MAX_ATTACHED_CHARS = 60_000;
/** The largest image attached: it is stored with the conversation as it is sent. */
export const MAX_IMAGE_BYTES = 1024 * 1024;

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Whisper's limit for one upload; a longer recording is refused before it is sent. */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;
