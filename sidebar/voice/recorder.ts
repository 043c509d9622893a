/** Opus in WebM is what both Chromium and Firefox record; Ogg is Firefox's fallback. */
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus'];

export interface Recording {
  /** Stops and hands back the audio. */
  finish(): Promise<Blob>;
  /** Stops and drops the audio. */
  cancel(): void;
}

/** Opens the microphone in this extension page and starts recording; throws getUserMedia's errors. */
export async function startRecording(): Promise<Recording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const close = () => stream.getTracks().forEach((track) => track.stop());
  const mimeType = TYPES.find((type) => MediaRecorder.isTypeSupported(type));
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, mimeType ? { mimeType } : {});
    recorder.start();
  } catch (error) {
    close();
    throw error;
  }
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => chunks.push(event.data));
  const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
  const stop = () => {
    if (recorder.state !== 'inactive') recorder.stop();
    // The microphone (and the browser's own indicator) closes now, not when the upload ends.
    close();
  };
  return {
    async finish() {
      stop();
      await stopped;
      // Firefox leaves `recorder.mimeType` empty once stopped.
      return new Blob(chunks, { type: chunks[0]?.type || mimeType || 'audio/webm' });
    },
    cancel: stop,
  };
}

/** Base64 of a blob, for the port (which carries JSON). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the recording could not be read'));
    reader.readAsDataURL(blob);
  });
  return url.slice(url.indexOf(',') + 1);
}
