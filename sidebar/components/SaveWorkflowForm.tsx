import { useState } from 'preact/hooks';
import { t } from '../../src/i18n';

interface SaveProps {
  intent: string;
  onSave(name: string, parameters: { name: string; value: string }[]): void;
}

/** Saves the finished workflow; one part of it (a product, a city…) can become a parameter to fill in next time. */
export function SaveWorkflowForm({ intent, onSave }: SaveProps) {
  const [name, setName] = useState(intent.slice(0, 100));
  const [value, setValue] = useState('');
  const [parameter, setParameter] = useState('');
  const submit = (event: Event) => {
    event.preventDefault();
    onSave(name.trim(), value.trim() ? [{ name: parameter.trim() || 'value', value: value.trim() }] : []);
  };
  const field = (id: string, label: string, current: string, set: (text: string) => void, hint?: string) => (
    <label for={id}>
      {label}
      <input
        id={id}
        type="text"
        value={current}
        onInput={(event) => set((event.target as HTMLInputElement).value)}
        data-testid={id}
        placeholder={hint}
      />
    </label>
  );
  return (
    <form class="workflow-form" onSubmit={submit} aria-label={t('save_workflow_title')}>
      <h3>{t('save_workflow_title')}</h3>
      {field('save-name', t('save_workflow_name'), name, setName)}
      {field('save-value', t('save_workflow_value'), value, setValue, t('save_workflow_value_hint'))}
      {value.trim()
        ? field(
            'save-parameter',
            t('save_workflow_parameter'),
            parameter,
            setParameter,
            t('save_workflow_parameter_hint'),
          )
        : null}
      <button type="submit" class="button" disabled={name.trim() === ''} data-testid="workflow-save">
        {t('save_workflow')}
      </button>
    </form>
  );
}
