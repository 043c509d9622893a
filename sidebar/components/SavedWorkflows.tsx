import { useState } from 'preact/hooks';
import type { SavedWorkflow } from '../../src/protocol/common';

interface SavedProps {
  saved: SavedWorkflow[];
  disabled: boolean;
  onRun(savedId: string, values: Record<string, string>): void;
  onDelete(savedId: string): void;
}

function SavedItem({ item, disabled, onRun, onDelete }: { item: SavedWorkflow } & Omit<SavedProps, 'saved'>) {
  const [values, setValues] = useState<Record<string, string>>({});
  const ready = item.parameters.every((name) => values[name]?.trim());
  return (
    <li class="workflow-step" data-testid="saved-workflow">
      <div class="workflow-task">{item.name}</div>
      <div class="workflow-meta">
        {item.steps.length} {item.steps.length === 1 ? 'step' : 'steps'} · {item.intent}
      </div>
      {item.parameters.map((name) => (
        <label key={name} for={`${item.id}-${name}`}>
          {name}
          <input
            id={`${item.id}-${name}`}
            type="text"
            value={values[name] ?? ''}
            onInput={(event) => setValues({ ...values, [name]: (event.target as HTMLInputElement).value })}
            data-testid={`saved-parameter-${name}`}
          />
        </label>
      ))}
      <div class="workflow-step-actions">
        <button type="button" class="button" disabled={disabled || !ready} onClick={() => onRun(item.id, values)} data-testid="saved-run">
          Plan it again
        </button>
        <button type="button" class="icon-button" onClick={() => onDelete(item.id)} aria-label={`Delete ${item.name}`} data-testid="saved-delete">
          Delete
        </button>
      </div>
    </li>
  );
}

/** Saved workflows: fill in the parameters and plan one again (it is shown for approval as any plan). */
export function SavedWorkflows({ saved, disabled, onRun, onDelete }: SavedProps) {
  if (saved.length === 0) return null;
  return (
    <section aria-labelledby="saved-title">
      <h3 id="saved-title">Saved workflows</h3>
      <ul class="workflow-steps">
        {saved.map((item) => (
          <SavedItem key={item.id} item={item} disabled={disabled} onRun={onRun} onDelete={onDelete} />
        ))}
      </ul>
    </section>
  );
}
