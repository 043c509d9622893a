import { t } from '../../src/i18n';
/** The parts of the Web Speech API Bosun uses (not in TypeScript's DOM types). */
interface Recognition {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  start(): void;
  stop(): void;
  abort(): void;
  onresult:
    | ((event: {
        resultIndex: number;
        results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
      }) => void)
    | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}
type RecognitionConstructor = new () => Recognition;

const recognitionClass = (): RecognitionConstructor | undefined => {
  const scope = globalThis as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
};

/** Firefox ships SpeechRecognition from version 160; Chrome has it (prefixed) and sends audio to Google. */
export const speechRecognitionAvailable = () => recognitionClass() !== undefined;

export const SPEECH_UNAVAILABLE = t('speech_unavailable');

const SPEECH_ERRORS: Record<string, string> = {
  'not-allowed': t('speech_error_not_allowed'),
  'service-not-allowed': t('speech_error_service_not_allowed'),
  'audio-capture': t('speech_error_audio_capture'),
  network: t('speech_error_network'),
  'no-speech': t('speech_error_no_speech'),
  'language-not-supported': t('speech_error_language'),
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
    if (event.error !== 'aborted') handlers.error(SPEECH_ERRORS[event.error] ?? t('speech_error_other', event.error));
  };
  recognition.onend = () => handlers.end();
  recognition.start();
  return { stop: () => recognition.stop(), cancel: () => recognition.abort() };
}
