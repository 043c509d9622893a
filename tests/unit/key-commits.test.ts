// @vitest-environment jsdom
// Enter in a form's field as a browser treats it (HTML's implicit submission), on jsdom's forms.
import { describe, expect, it } from 'vitest';
import { implicitSubmission } from '../../content/actions/key-commits';

function form(html: string): { field: HTMLInputElement; submits: string[] } {
  document.body.innerHTML = `<form>${html}</form>`;
  const submits: string[] = [];
  const el = document.querySelector('form') as HTMLFormElement;
  el.addEventListener('submit', (event) => {
    event.preventDefault();
    submits.push((event as SubmitEvent).submitter?.id ?? 'no submitter');
  });
  return { field: document.querySelector('#field') as HTMLInputElement, submits };
}

describe('Enter in a form field', () => {
  it("clicks the form's first submit button, which submits the form with it as submitter", () => {
    const { field, submits } = form(
      '<input id="field"><button type="button">Help</button><button id="go">Find flights</button><button id="other">Other</button>',
    );
    expect(implicitSubmission(field)).toBe('Enter clicked the form\'s default button "Find flights"');
    expect(submits).toEqual(['go']);
  });

  it('does nothing when the default button is disabled, as a browser does', () => {
    const { field, submits } = form('<input id="field"><button id="go" disabled>Send</button>');
    expect(implicitSubmission(field)).toMatch(/disabled, so Enter did nothing more/);
    expect(submits).toEqual([]);
  });

  it('submits a form without a submit button only when it has a single field that blocks it', () => {
    const lone = form('<input id="field" type="search"><input type="checkbox">');
    expect(implicitSubmission(lone.field)).toBe('Enter submitted the form');
    expect(lone.submits).toEqual(['no submitter']);
    const two = form('<input id="field"><input type="email">');
    expect(implicitSubmission(two.field)).toMatch(/more than one field, so Enter did nothing more/);
    expect(two.submits).toEqual([]);
  });

  it('says so for a field in no form', () => {
    document.body.innerHTML = '<input id="field">';
    expect(implicitSubmission(document.querySelector('#field') as HTMLInputElement)).toMatch(/in no form/);
  });
});
