import type { Draft, FieldErrors } from '../settings-draft';

/** A section's errors by field; `prefix` names the section in the fields' ids (settings-model, voice-maxSeconds…). */
type Errors = Partial<Record<string, string>>;

/** The attributes that tie a settings field to its label and to its error, when it has one. */
export const fieldProps = (errors: Errors, name: string, prefix = 'settings') => ({
  id: `${prefix}-${name}`,
  'data-testid': `${prefix}-${name}`,
  'aria-invalid': errors[name] ? true : undefined,
  'aria-describedby': errors[name] ? `${prefix}-${name}-error` : undefined,
});

export function FieldError({ errors, name, prefix = 'settings' }: { errors: Errors; name: string; prefix?: string }) {
  return errors[name] ? (
    <p class="field-error" id={`${prefix}-${name}-error`} data-testid={`${prefix}-${name}-error`}>
      {errors[name]}
    </p>
  ) : null;
}

/** What the connection section of the settings form is given: the draft, its errors, and how to change it. */
export interface DraftFieldProps {
  draft: Draft;
  errors: FieldErrors;
  set(change: Partial<Draft>): void;
}
