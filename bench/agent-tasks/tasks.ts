// The agent-tasks benchmark's tasks: a person's request on one of the widget pages of the test
// site, a check run in the page that says whether it was done, and the scripted model's solution,
// which picks elements by their listed labels as the e2e tests of these pages do
// (tests/e2e/agent-input.test.ts, agent-widgets.test.ts).
import { indexByLabel as byLabel } from '../../tests/e2e/support/listing';
import { answer, call, type Plan, type Seen } from '../../tests/e2e/support/scripted-turns';

export interface AgentTask {
  id: string;
  /** The widget kinds the task exercises, for the table's reader. */
  kind: string;
  /** The page's path on the test site (tests/fixtures/site). */
  page: string;
  /** What the person asks, in plain words. */
  request: string;
  /** Runs in the page (it is serialised: no outside names): true when the request was carried out. */
  solved: () => boolean;
  /** The scripted model's turns. */
  solution: Plan;
}

const read = () => call('read_page', {});

/** Presses ArrowRight on the Volume slider until the last result shows 70. */
const nudgeVolume = ({ listing, last }: Seen) =>
  last.includes('=70')
    ? answer('The volume is 70.')
    : call('press_key', { index: byLabel(listing, 'slider', 'Volume'), key: 'ArrowRight' });

export const TASKS: readonly AgentTask[] = [
  {
    id: 'slider',
    kind: 'slider, keys',
    page: 'widgets/keyboard.html',
    request: 'Set the volume to 70',
    solved: () => document.getElementById('volume-out')?.textContent === '70',
    solution: [read, ...Array.from({ length: 6 }, () => nudgeVolume)],
  },
  {
    id: 'autocomplete',
    kind: 'autocomplete, covered button',
    page: 'widgets/keyboard.html',
    request: 'Find flights to Lebanon',
    solved: () => document.getElementById('log')?.textContent === 'searching flights to Lebanon',
    solution: [
      read,
      ({ listing }) => call('type_text', { index: byLabel(listing, 'combobox', 'Destination'), text: 'Lebanon' }),
      ({ listing }) => call('click_element', { index: byLabel(listing, 'button', 'Find flights') }),
      // The suggestions cover the button: the failure says so and advises Escape.
      () => call('press_key', { key: 'Escape' }),
      ({ listing }) => call('click_element', { index: byLabel(listing, 'button', 'Find flights') }),
    ],
  },
  {
    id: 'hover-menu',
    kind: 'hover menu',
    page: 'widgets/pointer.html',
    request: 'Open the Laptops page from the Products menu',
    solved: () => document.getElementById('log')?.textContent === 'opened Laptops',
    solution: [
      read,
      ({ listing }) => call('hover', { index: byLabel(listing, 'link', 'Products') }),
      read,
      ({ listing }) => call('click_element', { index: byLabel(listing, 'link', 'Laptops') }),
    ],
  },
  {
    id: 'sortable',
    kind: 'sortable list, drag',
    page: 'widgets/pointer.html',
    request: 'Put "Water plants" at the top of my priorities',
    solved: () => document.getElementById('order')?.textContent?.startsWith('Water plants >') === true,
    solution: [
      read,
      ({ listing }) =>
        call('drag', {
          index: byLabel(listing, 'clickable', 'Water plants'),
          to: byLabel(listing, 'clickable', 'Write report'),
        }),
    ],
  },
  {
    id: 'drop-zone',
    kind: 'drop zone, drag',
    page: 'widgets/pointer.html',
    request: 'Archive the photo',
    solved: () => document.querySelector('#archive [data-file="photo"]') !== null,
    solution: [
      read,
      ({ listing }) =>
        call('drag', {
          index: byLabel(listing, 'draggable', 'Photo.jpg'),
          to: byLabel(listing, 'clickable', 'Archive'),
        }),
    ],
  },
  {
    id: 'canvas',
    kind: 'canvas, click at a position',
    page: 'widgets/pointer.html',
    request: 'Pick the green colour',
    solved: () => document.getElementById('log')?.textContent === 'picked Green',
    // The page says the swatches are 100 px each, left to right: Green is the middle one.
    solution: [
      read,
      ({ listing }) => call('click_element', { index: byLabel(listing, 'clickable', 'Colour picker'), x: 150, y: 30 }),
    ],
  },
  {
    id: 'grid-edit',
    kind: 'data grid, double click',
    page: 'widgets/pointer.html',
    request: 'Set the rent to 950 in the budget sheet',
    solved: () => document.querySelector('[data-field="amount"]')?.textContent === '950',
    solution: [
      read,
      ({ listing }) => call('double_click', { index: byLabel(listing, 'gridcell', '900') }),
      read,
      ({ listing }) => call('type_text', { index: byLabel(listing, 'textbox', 'Edit Rent'), text: '950' }),
      ({ listing }) => call('press_key', { index: byLabel(listing, 'textbox', 'Edit Rent'), key: 'Enter' }),
    ],
  },
  {
    id: 'multi-select',
    kind: 'multiple-choice list',
    page: 'widgets/choices.html',
    request: 'Choose cheese and ham as toppings',
    solved: () =>
      [...(document.getElementById('toppings') as HTMLSelectElement).selectedOptions].map((o) => o.value).join() ===
      'cheese,ham',
    solution: [
      read,
      ({ listing }) =>
        call('select_option', { index: byLabel(listing, 'select', 'Toppings'), options: ['Cheese', 'Ham'] }),
    ],
  },
  {
    id: 'listbox',
    kind: 'multi-select listbox',
    page: 'widgets/choices.html',
    request: 'Select English and German as my languages',
    solved: () =>
      [...document.querySelectorAll('#languages [aria-selected=true]')].map((o) => o.textContent).join() ===
      'English,German',
    solution: [
      read,
      ({ listing }) =>
        call('select_option', { index: byLabel(listing, 'listbox', 'Languages'), options: ['English', 'German'] }),
    ],
  },
  {
    id: 'highlight',
    kind: 'text selection, toolbar',
    page: 'widgets/choices.html',
    request: 'Highlight "lazy dog" in the article',
    solved: () => document.querySelector('#article mark')?.textContent === 'lazy dog',
    solution: [
      () => call('select_text', { text: 'lazy dog' }),
      read,
      ({ listing }) => call('click_element', { index: byLabel(listing, 'button', 'Highlight') }),
    ],
  },
  {
    id: 'dialog',
    kind: 'prompt dialog',
    page: 'widgets/dialogs.html',
    request: 'Rename notes.txt to minutes.txt',
    solved: () => document.querySelector('#files li[data-name="minutes.txt"]') !== null,
    solution: [
      read,
      ({ listing }) => call('click_element', { index: byLabel(listing, 'button', 'Rename notes.txt') }),
      // The prompt was answered Cancel; the result says so and how to accept it.
      () => call('accept_dialog', { prompt_text: 'minutes.txt' }),
      ({ listing }) => call('click_element', { index: byLabel(listing, 'button', 'Rename notes.txt') }),
    ],
  },
  {
    id: 'long-listing',
    kind: 'long listing, read the rest',
    page: 'widgets/long.html',
    request: 'Open page 7 of chapter 31',
    solved: () => document.getElementById('opened')?.textContent === 'opened #c31-p7',
    solution: [
      read,
      () => call('read_listing', { heading: 'Chapter 31' }),
      ({ last }) => call('click_element', { index: byLabel(last, 'link', 'Chapter 31, page 7') }),
    ],
  },
  {
    id: 'tabs',
    kind: 'script-handled tab headers',
    page: 'widgets/listing.html',
    request: 'Show the Details tab',
    solved: () => document.querySelector('.tab-header.active')?.textContent?.includes('Details') === true,
    solution: [read, ({ listing }) => call('click_element', { index: byLabel(listing, 'clickable', 'Details 3') })],
  },
  {
    id: 'inbox',
    kind: 'delegated inbox rows',
    page: 'widgets/listing.html',
    request: "Open Brian's email about lunch",
    solved: () => document.getElementById('log')?.textContent === 'opened Lunch on Friday?',
    solution: [
      read,
      ({ listing }) => call('click_element', { index: byLabel(listing, 'row', 'Brian Lunch on Friday?') }),
    ],
  },
];

/** The tasks with these ids, in the order given; an unknown id is an error that names the known ones. */
export function chooseTasks(ids: readonly string[] | null): AgentTask[] {
  if (!ids) return [...TASKS];
  return ids.map((id) => {
    const task = TASKS.find((t) => t.id === id);
    if (!task) throw new Error(`--tasks: no task "${id}" (tasks: ${TASKS.map((t) => t.id).join(', ')})`);
    return task;
  });
}
