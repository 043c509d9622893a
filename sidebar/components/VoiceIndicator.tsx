import { useEffect, useState } from 'preact/hooks';
import type { VoiceState } from '../state';
import { t } from '../../src/i18n';

interface VoiceIndicatorProps {
  voice: VoiceState;
  maxSeconds: number;
  onFinish(): void;
  onCancel(): void;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Shown in every view while the microphone is open or its audio is away, so the person always
 * sees that Bosun is listening. Escape cancels from anywhere in the panel (sidebar/shortcuts.ts).
 */
export function VoiceIndicator({ voice, maxSeconds, onFinish, onCancel }: VoiceIndicatorProps) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);

  const elapsed = voice.startedAt ? Math.max(0, Math.floor((now - voice.startedAt) / 1000)) : 0;
  const text =
    voice.phase === 'starting'
      ? t('voice_opening')
      : voice.phase === 'transcribing'
        ? t('voice_transcribing')
        : t('voice_recording', clock(elapsed), clock(maxSeconds));
  return (
    <div
      class={`voice-indicator voice-indicator--${voice.phase}`}
      role="status"
      data-testid="voice-indicator"
      data-phase={voice.phase}
    >
      <span class="voice-dot" aria-hidden="true" />
      <span class="voice-text">
        {text}
        {voice.interim ? (
          <em class="voice-interim" data-testid="voice-interim">
            {' '}
            “{voice.interim}”
          </em>
        ) : null}
      </span>
      {voice.phase === 'recording' ? (
        <button
          type="button"
          class="button button--primary"
          data-testid="voice-finish"
          onClick={onFinish}
          aria-label={t('voice_finish_label')}
        >
          {t('stop')}
        </button>
      ) : null}
      <button
        type="button"
        class="icon-button"
        data-testid="voice-cancel"
        onClick={onCancel}
        aria-label={t('voice_cancel_label')}
      >
        {t('cancel')}
      </button>
    </div>
  );
}

/** Where the browser has no speech recognition: say so, and offer Whisper instead. */
export function SpeechUnavailable({
  message,
  onUseWhisper,
  onDismiss,
}: {
  message: string;
  onUseWhisper(): void;
  onDismiss(): void;
}) {
  return (
    <div class="notice notice--info" role="alert" data-testid="speech-unavailable">
      <span>{message}</span>
      <button type="button" class="button button--primary" data-testid="use-whisper" onClick={onUseWhisper}>
        {t('voice_use_whisper')}
      </button>
      <button type="button" class="icon-button" onClick={onDismiss} aria-label={t('dismiss')}>
        ×
      </button>
    </div>
  );
}
