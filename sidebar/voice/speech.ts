/** The parts of the Web Speech API Bosun uses (not in TypeScript's DOM types). */
interface Recognition {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: { resultIndex: number; results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}
type RecognitionConstructor = new () => Recognition;

const recognitionClass = (): RecognitionConstructor | undefined => {
  const scope = globalThis as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
};

/** Firefox ships SpeechRecognition from version 160; Chrome has it (prefixed) and sends audio to Google. */
export const speechRecognitionAvailable = () => recognitionClass() !== undefined;

export const SPEECH_UNAVAILABLE =
  'This browser has no speech recognition of its own (Firefox has it from version 160). Whisper works here: it records in Bosun and sends the audio to your transcription endpoint.';

const SPEECH_ERRORS: Record<string, string> = {
  'not-allowed': 'Mic blocked: the browser refused speech recognition the microphone. Press the microphone button to open Bosun’s microphone tab and allow it.',
  'service-not-allowed': 'The browser does not allow its speech service here. Switch to Whisper in Settings → Voice.',
  'audio-capture':
    'The browser’s speech recognition could not capture audio: no microphone, or one in use by another program. Check the microphone, or switch to Whisper in Settings → Voice.',
  network: 'The browser’s speech recognition could not reach its online service. Check the connection, or switch to Whisper in Settings → Voice.',
  'no-speech': 'No speech was heard. Press the microphone button and speak.',
  'language-not-supported': 'The browser cannot recognise speech in this language. Switch to Whisper in Settings → Voice.',
};

export interface SpeechHandlers {
  result(transcript: string, isFinal: boolean): void;
  error(message: string): void;
  end(): void;
}

/** Starts the browser's recognition in this extension page, with interim results. */
export function startSpeech(handlers: SpeechHandlers): { stop(): void; cancel(): void } {
  const Class = recognitionClass();
  if (!Class) throw new Error(SPEECH_UNAVAILABLE);
  const recognition = new Class();
  recognition.continuous = true;
  recognition.interimResults = true;
  recognition.lang = navigator.language;
  recognition.onresult = (event) => {
    for (let i = event.resultIndex; i < event.results.length; i += 1) {
      const result = event.results[i];
      if (result) handlers.result(result[0]?.transcript ?? '', result.isFinal);
    }
  };
  // "aborted" is Bosun's own cancel.
  recognition.onerror = (event) => {
    if (event.error !== 'aborted') handlers.error(SPEECH_ERRORS[event.error] ?? `Speech recognition failed (${event.error}). Try again, or switch to Whisper in Settings → Voice.`);
  };
  recognition.onend = () => handlers.end();
  recognition.start();
  return { stop: () => recognition.stop(), cancel: () => recognition.abort() };
}
