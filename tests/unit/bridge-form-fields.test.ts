import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldStep, listedElement, type ListedElement } from '../../bridge/tools/form-fields';
import { pathProblem } from '../../bridge/tools/upload-tool';

// A page's text followed by its listing, as browser_snapshot returns it.
const SNAPSHOT = [
  '# Account settings',
  '[1] is how the page writes a footnote, not an element',
  '',
  '[1]link "Back to the shop"',
  '[2]textbox "Display name" =Ada',
  '*[3]select "Country" =Choose…',
  '[4]radio "Free" checked',
  '[5]radio "Pro"',
  '[6]checkbox "Monthly newsletter"',
  '[7]checkbox "Remember this device" checked disabled',
  '[8]file "Choose a picture"',
  '[9]button',
].join('\n');

const at = (ref: number) => listedElement(SNAPSHOT, ref) as ListedElement;

describe('reading an element of the listing', () => {
  it('finds its role, label and state, taking the listing line over page text that looks alike', () => {
    expect(at(1)).toEqual({ ref: 1, role: 'link', label: 'Back to the shop', state: '' });
    expect(at(3)).toEqual({ ref: 3, role: 'select', label: 'Country', state: ' =Choose…' });
    expect(at(7)).toEqual({ ref: 7, role: 'checkbox', label: 'Remember this device', state: ' checked disabled' });
    expect(at(9)).toEqual({ ref: 9, role: 'button', label: '', state: '' });
    expect(listedElement(SNAPSHOT, 10)).toBeNull();
  });
});

describe('the step that fills a field', () => {
  it('types text, chooses an option, and clicks a box only when its state is not the one asked', () => {
    expect(fieldStep(at(2), 'Grace')).toMatchObject({
      kind: 'act',
      action: 'type_text',
      args: { index: 2, text: 'Grace' },
    });
    expect(fieldStep(at(3), 'nl')).toMatchObject({ action: 'select_option', args: { index: 3, options: ['nl'] } });
    expect(fieldStep(at(5), true)).toMatchObject({
      action: 'click_element',
      args: { index: 5 },
      what: 'check [5] radio "Pro"',
    });
    expect(fieldStep(at(6), 'TRUE')).toMatchObject({ action: 'click_element', args: { index: 6 } });
    expect(fieldStep(at(6), false)).toEqual({
      kind: 'none',
      what: '[6] checkbox "Monthly newsletter" is already unchecked',
    });
    expect(fieldStep(at(7), ' false ')).toMatchObject({
      action: 'click_element',
      what: 'uncheck [7] checkbox "Remember this device"',
    });
    expect(fieldStep(at(4), true)).toMatchObject({ kind: 'none' });
  });

  it('refuses what no single action can do, in words that say what to give instead', () => {
    expect(fieldStep(at(4), false)).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/choosing another one of its group/),
    });
    expect(fieldStep(at(6), 'yes')).toEqual({
      kind: 'error',
      message: '[6] checkbox "Monthly newsletter" takes true or false, not "yes"',
    });
    expect(fieldStep(at(2), true)).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/takes text, not true/),
    });
    expect(fieldStep(at(8), '/tmp/a.png')).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/browser_upload/),
    });
    expect(fieldStep(at(1), 'x')).toMatchObject({ kind: 'error', message: expect.stringMatching(/is not a field/) });
  });
});

describe('a path to upload', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bosun-paths-'));
    await writeFile(join(dir, 'a.txt'), 'a');
    await mkdir(join(dir, 'folder'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('must be absolute and name an existing regular file', () => {
    expect(pathProblem(join(dir, 'a.txt'))).toBeNull();
    expect(pathProblem('a.txt')).toBe('a.txt is not an absolute path');
    expect(pathProblem(join(dir, 'b.txt'))).toBe(`${join(dir, 'b.txt')} does not exist`);
    expect(pathProblem(join(dir, 'folder'))).toBe(`${join(dir, 'folder')} is not a regular file`);
  });
});
