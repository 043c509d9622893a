import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BackgroundToContent } from '../../src/protocol/background-to-content';

/** Every source file of the contexts that talk to content scripts. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(path) ? [readFileSync(path, 'utf8')] : [];
  });
}

describe('the content channel has one message per action', () => {
  it('every request of its table is sent by Bosun: the table keeps no dead message', () => {
    const code = [...sources('background'), ...sources('sidebar'), ...sources('abp-app')].join('\n');
    const unsent = Object.keys(BackgroundToContent).filter((type) => !code.includes(`'${type}'`));
    expect(unsent).toEqual([]);
  });

  it('an action names its element one way, by index of a reading or by selector', () => {
    const is = (message: unknown) => v.is(BackgroundToContent.CLICK_ELEMENT, message);
    expect(is({ type: 'CLICK_ELEMENT', payload: { index: 3, snapshotId: 's1' } })).toBe(true);
    expect(is({ type: 'CLICK_ELEMENT', payload: { selector: '#buy' } })).toBe(true);
    expect(is({ type: 'CLICK_ELEMENT', payload: { index: 3, snapshotId: 's1', selector: '#buy' } })).toBe(false);
    expect(is({ type: 'CLICK_ELEMENT', payload: { selector: '#buy', x: 3 } })).toBe(false);
    const typed = (payload: object) => v.is(BackgroundToContent.FILL_FORM, { type: 'FILL_FORM', payload });
    expect(typed({ index: 2, snapshotId: 's1', text: 'Ada', clear: false })).toBe(true);
    expect(typed({ selector: '#q', text: 'Ada', submit: true })).toBe(true);
    expect(typed({ text: 'Ada' })).toBe(false);
  });
});
