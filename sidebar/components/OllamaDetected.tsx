import { t } from '../../src/i18n';
import type { DetectedOllama, Draft } from '../settings-draft';

/** On first run, the Ollama server Bosun found on this machine, and a button to use it. */
export function OllamaDetected({
  ollama,
  set,
}: {
  ollama: NonNullable<DetectedOllama>;
  set(change: Partial<Draft>): void;
}) {
  const count = ollama.models.length;
  return (
    <div class="detected" data-testid="ollama-detected">
      <p>
        {count > 0
          ? t(
              'settings_ollama_found',
              count === 1 ? t('settings_ollama_one_model') : t('settings_ollama_models', count),
            )
          : t('settings_ollama_empty')}
      </p>
      {count > 0 ? (
        <button
          type="button"
          class="button"
          data-testid="use-ollama"
          onClick={() =>
            set({ provider: 'ollama', baseUrl: ollama.baseUrl, model: ollama.models[0] ?? '', apiKey: '' })
          }
        >
          {t('settings_use_ollama')}
        </button>
      ) : null}
    </div>
  );
}
