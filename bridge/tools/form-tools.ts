// browser_fill_form: several fields of the last snapshot in one call, each set by the same
// page-engine action (and judged by the same gate) as the single-field tools would set it.
import * as v from 'valibot';
import { ACTS, INTEGER, STRING } from './browser-tool-parts';
import { ToolError } from '../server/errors';
import { fieldStep, listedElement, type FieldStep } from './form-fields';
import { actByRef, currentSnapshot, Ref } from './ref-tools';
import { defineTool, objectSchema } from '../server/tool';

const Field = v.strictObject({
  ref: Ref,
  value: v.pipe(
    v.union([v.pipe(v.string(), v.maxLength(100_000)), v.boolean()]),
    v.description(
      'Text for a text field; the label or value of an option for a list; true or false for a checkbox or radio',
    ),
  ),
});

export const browserFillForm = defineTool({
  name: 'browser_fill_form',
  title: 'Fill a form',
  annotations: ACTS,
  outputSchema: objectSchema({
    url: STRING,
    filled: INTEGER,
    results: { type: 'array', items: STRING },
  }),
  description:
    "Fill several fields of the last browser_snapshot at once, by their references: text fields get the text, lists the option with that label or value, checkboxes and radios true or false. Each field is set through Bosun's page engine and judged by its gate, in order; the first that fails stops the call and is named. Does not submit.",
  params: v.strictObject({
    fields: v.pipe(v.array(Field), v.minLength(1, 'give at least one field'), v.maxLength(50)),
  }),
  async run({ fields }, browser, call) {
    const { url, content } = await currentSnapshot(browser);
    // Every field is checked against the snapshot before the first is touched: a bad one changes nothing.
    const steps: FieldStep[] = fields.map(({ ref, value }) => {
      const element = listedElement(content, ref);
      return element
        ? fieldStep(element, value)
        : { kind: 'error', message: `the last snapshot lists no element [${ref}]` };
    });
    const bad = steps.findIndex((step) => step.kind === 'error');
    if (bad >= 0)
      throw new ToolError(
        `Field ${bad + 1} of ${fields.length}: ${(steps[bad] as { message: string }).message}. Nothing was filled.`,
        'Take a new snapshot (browser_snapshot) and give each field the reference and kind of value it lists.',
        { field: bad + 1 },
      );
    const results: string[] = [];
    for (const [i, step] of steps.entries()) {
      if (step.kind === 'error') continue; // none left: checked above
      if (step.kind === 'none') {
        results.push(step.what);
        continue;
      }
      if (call.signal.aborted) throw stopped(i, fields.length, results, 'the call was cancelled');
      try {
        results.push((await actByRef(browser, call, step.action, step.args)).summary);
      } catch (error) {
        throw stopped(i, fields.length, results, `could not ${step.what}: ${(error as Error).message}`, error);
      }
    }
    return {
      summary: `Filled ${fields.length} field(s):\n${results.join('\n')}`,
      data: { url, filled: fields.length, results },
    };
  },
});

/** The error of a call that stopped at field i: which one, why, and what was filled before it. */
function stopped(i: number, total: number, done: string[], why: string, cause?: unknown): ToolError {
  const before = i === 0 ? 'No field was filled.' : `Fields 1–${i} were filled (${done.join('; ')}).`;
  const nextStep =
    cause instanceof ToolError ? cause.nextStep : 'Take a new snapshot to see the form, then fill the rest.';
  return new ToolError(`Field ${i + 1} of ${total} failed: ${why} ${before}`, nextStep, {
    ...(cause instanceof ToolError ? cause.details : {}),
    field: i + 1,
  });
}
