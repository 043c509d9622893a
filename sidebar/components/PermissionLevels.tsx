/** First run: what each permission level lets Bosun do, and what it does without asking. */
export function PermissionLevels() {
  return (
    <section class="levels" aria-labelledby="levels-title" data-testid="permission-levels">
      <h3 id="levels-title">What Bosun may do</h3>
      <dl>
        <dt>Read</dt>
        <dd>Read the page you are on. Allowed unless you say otherwise.</dd>
        <dt>Navigate</dt>
        <dd>Open pages, go back and forward, work with tabs. Asks first.</dd>
        <dt>Interact</dt>
        <dd>Click, type and choose options on a page. Asks first.</dd>
        <dt>Submit</dt>
        <dd>Send forms and complete actions. Asks first, and payments, purchases and deletions always ask.</dd>
      </dl>
      <p class="hint">Each question offers once, always on that site, or until the browser closes. Change any of it in Permissions.</p>
    </section>
  );
}
