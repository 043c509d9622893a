import { useEffect } from 'preact/hooks';
import { t } from '../../src/i18n';

interface ModelSwitchProps {
  /** The saved model. */
  model: string;
  /** What the provider offers; null until asked. */
  models: string[] | null;
  /** Switching waits until the task running is over: its next turn would use another model. */
  busy: boolean;
  onList(): void;
  onSwitch(model: string): void;
}

/** The chat's model switch: the saved model and the others the provider lists, one choice away. */
export function ModelSwitch({ model, models, busy, onList, onSwitch }: ModelSwitchProps) {
  useEffect(() => {
    if (models === null) onList();
  }, [models, onList]);
  // The saved model stays first, also when the list leaves it out (an alias, a list cut short).
  const choices = [model, ...(models ?? []).filter((m) => m !== model)];
  return (
    <select
      class="model-switch"
      data-testid="model-switch"
      aria-label={t('model_switch_label')}
      title={t('model_switch_title', model)}
      value={model}
      disabled={busy || choices.length < 2}
      onChange={(event) => onSwitch(event.currentTarget.value)}
    >
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {choice}
        </option>
      ))}
    </select>
  );
}
