import type { Draft, FieldErrors } from '../settings-draft';

/** The attributes that tie a settings field to its label and to its error, when it has one. */
export const fieldProps = (errors: FieldErrors, name: keyof FieldErrors) => ({
  id: `settings-${name}`,
  'data-testid': `settings-${name}`,
  'aria-invalid': errors[name] ? true : undefined,
  'aria-describedby': errors[name] ? `settings-${name}-error` : undefined,
});

export function FieldError({ errors, name }: { errors: FieldErrors; name: keyof FieldErrors }) {
  return errors[name] ? (
    <p class="field-error" id={`settings-${name}-error`}>
      {errors[name]}
    </p>
  ) : null;
}

/** What every section of the settings form is given: the draft, its errors, and how to change it. */
export interface DraftFieldProps {
  draft: Draft;
  errors: FieldErrors;
  set(change: Partial<Draft>): void;
}
