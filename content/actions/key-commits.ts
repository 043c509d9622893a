/**
 * The two key defaults that commit something, done as the browser does them: Enter in a form's
 * field submits the form (HTML's implicit submission), Enter or Space on a button or link clicks
 * it. The gate has judged the key at the level of that submit or click before it gets here
 * (policy/key-press.ts), as it does for a trusted key, which the browser performs itself.
 */

// Input types whose presence, more than one of them, stops Enter from submitting a form with no submit button.
const BLOCKS_IMPLICIT_SUBMISSION = /^(text|search|url|tel|email|password|date|month|week|time|datetime-local|number)$/;

const isSubmitButton = (el: Element): el is HTMLButtonElement | HTMLInputElement =>
  (el.localName === 'button' && (el as HTMLButtonElement).type === 'submit') ||
  (el.localName === 'input' && /^(submit|image)$/.test((el as HTMLInputElement).type));

const nameOf = (el: HTMLButtonElement | HTMLInputElement): string =>
  ((el.localName === 'input' ? (el as HTMLInputElement).value : el.textContent) ?? '').replace(/\s+/g, ' ').trim();

/** Enter in a single-line field: its form's default button is clicked, or a form with one such field is submitted. */
export function implicitSubmission(field: HTMLInputElement): string {
  const form = field.form;
  if (!form) return 'the field is in no form, so Enter did nothing more';
  const controls = [...form.elements];
  const button = controls.find(isSubmitButton);
  if (button) {
    if (button.disabled) return "the form's default button is disabled, so Enter did nothing more";
    button.click();
    const name = nameOf(button);
    return `Enter clicked the form's default button${name ? ` "${name.slice(0, 60)}"` : ''}`;
  }
  const blocking = controls.filter(
    (el) => el.localName === 'input' && BLOCKS_IMPLICIT_SUBMISSION.test((el as HTMLInputElement).type),
  );
  if (blocking.length > 1)
    return 'the form has no submit button and more than one field, so Enter did nothing more (as in a browser)';
  form.requestSubmit();
  return 'Enter submitted the form';
}

/** Enter or Space on a button or link: the browser clicks it. */
export function activate(el: HTMLElement, key: string): string {
  el.click();
  return `${key === ' ' ? 'Space' : key} clicked it`;
}
