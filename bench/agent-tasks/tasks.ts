// The agent-tasks benchmark's tasks: a person's request on one of the widget pages of the test
// site, a check run in the page that says whether it was done, and a solution that picks elements
// by their listed labels: a list of steps (steps.ts) that the scripted model, ABP page.act and the
// MCP bridge each play, or, where a task needs the agent to recover from what a tool answered, the
// scripted model's own turns.
import { indexByLabel as byLabel } from '../../tests/e2e/support/listing';
import { call, type Plan } from '../../tests/e2e/support/scripted-turns';
import { planOf, times, type TaskStep } from './steps';

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
  /** The solution as page-engine actions, for the callers that act directly; absent where none can (a dialog). */
  steps?: readonly TaskStep[];
  /** The scripted model's turns: the steps' (planOf), unless the task shows the agent recovering. */
  solution: Plan;
  /** A variant of the page for a replay: elements renamed after the task was recorded. */
  variant?: Variant;
}

export interface Variant {
  /** Runs in the page (serialised, as `solved`): renames elements the solution acts on. */
  change: () => void;
  /** Each renamed label and its new one, as a model reading the page finds it. */
  renamed: Readonly<Record<string, string>>;
  /** How many steps of the recorded trace act on a renamed element. */
  changedSteps: number;
}

type Stepped = Omit<AgentTask, 'solution' | 'steps'> & { steps: readonly TaskStep[]; solution?: Plan };
const stepped = (task: Stepped): AgentTask => ({ ...task, solution: task.solution ?? planOf(task.steps) });

const read = () => call('read_page', {});
const click = (role: string, label: string, reread = false, hoverOf?: string): TaskStep => ({
  action: 'click_element',
  target: hoverOf === undefined ? [role, label] : [role, label, hoverOf],
  reread,
});

export const TASKS: readonly AgentTask[] = [
  stepped({
    id: 'slider',
    kind: 'slider, keys',
    page: 'widgets/keyboard.html',
    request: 'Set the volume to 70',
    solved: () => document.getElementById('volume-out')?.textContent === '70',
    steps: times(4, { action: 'press_key', target: ['slider', 'Volume'], args: { key: 'ArrowRight' } }),
    variant: {
      change: () => {
        (document.getElementById('volume-label') as HTMLElement).textContent = 'Loudness';
      },
      renamed: { Volume: 'Loudness' },
      changedSteps: 4,
    },
  }),
  stepped({
    id: 'autocomplete',
    kind: 'autocomplete, covered button',
    page: 'widgets/keyboard.html',
    request: 'Find flights to Lebanon',
    solved: () => document.getElementById('log')?.textContent === 'searching flights to Lebanon',
    steps: [
      { action: 'type_text', target: ['combobox', 'Destination'], args: { text: 'Lebanon' } },
      { action: 'press_key', args: { key: 'Escape' } },
      click('button', 'Find flights'),
    ],
    solution: [
      read,
      ({ listing }) => call('type_text', { index: byLabel(listing, 'combobox', 'Destination'), text: 'Lebanon' }),
      ({ listing }) => call('click_element', { index: byLabel(listing, 'button', 'Find flights') }),
      // The suggestions cover the button: the failure says so and advises Escape.
      () => call('press_key', { key: 'Escape' }),
      ({ listing }) => call('click_element', { index: byLabel(listing, 'button', 'Find flights') }),
    ],
    variant: {
      change: () => {
        (document.getElementById('go') as HTMLElement).textContent = 'Search flights';
      },
      renamed: { 'Find flights': 'Search flights' },
      changedSteps: 1,
    },
  }),
  stepped({
    id: 'hover-menu',
    kind: 'hover menu',
    page: 'widgets/pointer.html',
    request: 'Open the Laptops page from the Products menu',
    solved: () => document.getElementById('log')?.textContent === 'opened Laptops',
    steps: [{ action: 'hover', target: ['link', 'Products'], reread: true }, click('link', 'Laptops')],
  }),
  stepped({
    id: 'sortable',
    kind: 'sortable list, drag',
    page: 'widgets/pointer.html',
    request: 'Put "Water plants" at the top of my priorities',
    solved: () => document.getElementById('order')?.textContent?.startsWith('Water plants >') === true,
    steps: [{ action: 'drag', target: ['clickable', 'Water plants'], to: ['clickable', 'Write report'] }],
  }),
  stepped({
    id: 'drop-zone',
    kind: 'drop zone, drag',
    page: 'widgets/pointer.html',
    request: 'Archive the photo',
    solved: () => document.querySelector('#archive [data-file="photo"]') !== null,
    steps: [{ action: 'drag', target: ['draggable', 'Photo.jpg'], to: ['clickable', 'Archive'] }],
  }),
  stepped({
    id: 'canvas',
    kind: 'canvas, click at a position',
    page: 'widgets/pointer.html',
    request: 'Pick the green colour',
    solved: () => document.getElementById('log')?.textContent === 'picked Green',
    // The page says the swatches are 100 px each, left to right: Green is the middle one.
    steps: [{ action: 'click_element', target: ['clickable', 'Colour picker'], args: { x: 150, y: 30 } }],
  }),
  stepped({
    id: 'grid-edit',
    kind: 'data grid, double click',
    page: 'widgets/pointer.html',
    request: 'Set the rent to 950 in the budget sheet',
    solved: () => document.querySelector('[data-field="amount"]')?.textContent === '950',
    steps: [
      { action: 'double_click', target: ['gridcell', '900'], reread: true },
      { action: 'type_text', target: ['textbox', 'Edit Rent'], args: { text: '950' } },
      { action: 'press_key', target: ['textbox', 'Edit Rent'], args: { key: 'Enter' } },
    ],
  }),
  stepped({
    id: 'multi-select',
    kind: 'multiple-choice list',
    page: 'widgets/choices.html',
    request: 'Choose cheese and ham as toppings',
    solved: () =>
      [...(document.getElementById('toppings') as HTMLSelectElement).selectedOptions].map((o) => o.value).join() ===
      'cheese,ham',
    steps: [{ action: 'select_option', target: ['select', 'Toppings'], args: { options: ['Cheese', 'Ham'] } }],
  }),
  stepped({
    id: 'listbox',
    kind: 'multi-select listbox',
    page: 'widgets/choices.html',
    request: 'Select English and German as my languages',
    solved: () =>
      [...document.querySelectorAll('#languages [aria-selected=true]')].map((o) => o.textContent).join() ===
      'English,German',
    steps: [{ action: 'select_option', target: ['listbox', 'Languages'], args: { options: ['English', 'German'] } }],
  }),
  stepped({
    id: 'highlight',
    kind: 'text selection, toolbar',
    page: 'widgets/choices.html',
    request: 'Highlight "lazy dog" in the article',
    solved: () => document.querySelector('#article mark')?.textContent === 'lazy dog',
    steps: [{ action: 'select_text', args: { text: 'lazy dog' }, reread: true }, click('button', 'Highlight')],
  }),
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
  stepped({
    id: 'tabs',
    kind: 'script-handled tab headers',
    page: 'widgets/listing.html',
    request: 'Show the Details tab',
    solved: () => document.querySelector('.tab-header.active')?.textContent?.includes('Details') === true,
    steps: [click('clickable', 'Details 3')],
  }),
  stepped({
    id: 'inbox',
    kind: 'delegated inbox rows',
    page: 'widgets/listing.html',
    request: "Open Brian's email about lunch",
    solved: () => document.getElementById('log')?.textContent === 'opened Lunch on Friday?',
    steps: [click('row', 'Brian Lunch on Friday?')],
  }),
  stepped({
    id: 'list-item',
    kind: 'script-handled list item',
    page: 'widgets/listing.html',
    request: 'Pick the cherry from the fruit list',
    solved: () => document.getElementById('log')?.textContent === 'picked Cherry',
    steps: [click('clickable', 'Cherry')],
  }),
  stepped({
    id: 'icon-span',
    kind: 'script-handled icon span',
    page: 'widgets/listing.html',
    request: 'Like the fruit salad recipe',
    solved: () => document.getElementById('log')?.textContent === 'liked the recipe',
    steps: [click('clickable', 'Like')],
  }),
  stepped({
    id: 'tree',
    kind: 'tree, expand and choose',
    page: 'widgets/listing.html',
    request: 'Open the Letters folder in Documents',
    solved: () => document.getElementById('log')?.textContent === 'opened Documents/Letters',
    steps: [click('treeitem', 'Documents', true), click('treeitem', 'Letters')],
  }),
  stepped({
    id: 'date-picker',
    kind: 'date picker, next month',
    page: 'widgets/pickers.html',
    request: 'Set the departure date to 14 March 2026',
    solved: () =>
      (document.getElementById('departure') as HTMLInputElement).value === '2026-03-14' &&
      document.getElementById('calendar')?.hidden === true,
    // The calendar opens on January 2026.
    steps: [
      click('textbox', 'Departure date', true),
      ...times(2, click('clickable', 'Next month', true)),
      click('gridcell', '14 March 2026'),
    ],
  }),
  stepped({
    id: 'date-picker-dialog',
    kind: 'modal date picker dialog, next month, OK',
    page: 'widgets/pickers.html',
    request: 'Set the return date to 15 December 2026',
    solved: () =>
      (document.getElementById('return') as HTMLInputElement).value === '12/15/2026' &&
      !document.getElementById('return-dialog')?.classList.contains('open'),
    // The dialog opens on November 2026; its days are listed as dates.
    steps: [
      click('button', 'Choose date', true),
      click('button', 'Next month', true),
      click('clickable', '15 December 2026'),
      click('button', 'OK'),
    ],
  }),
  stepped({
    id: 'spinner',
    kind: 'spinbutton, keys and icon buttons',
    page: 'widgets/pickers.html',
    request: 'Set the quantity to 7',
    solved: () => document.getElementById('quantity')?.getAttribute('aria-valuenow') === '7',
    // End goes to the most (10), then three steps down.
    steps: [
      { action: 'press_key', target: ['spinbutton', 'Quantity'], args: { key: 'End' } },
      ...times(3, click('clickable', 'Decrease quantity')),
    ],
  }),
  stepped({
    id: 'number-input',
    kind: 'native number input',
    page: 'widgets/pickers.html',
    request: 'Book for 5 guests',
    solved: () => document.getElementById('guests-out')?.textContent === '5',
    steps: [{ action: 'type_text', target: ['spinbutton', 'Guests'], args: { text: '5' } }],
  }),
  stepped({
    id: 'todo-edit-delegated',
    kind: 'jQuery delegation, double click on a label',
    page: 'widgets/todo-delegated.html',
    request: 'Rename "Pay the bills" to "Pay rent"',
    solved: () => document.getElementById('log')?.textContent === 'saved Pay rent',
    steps: [
      { action: 'double_click', target: ['clickable', 'Pay the bills'], reread: true },
      { action: 'type_text', target: ['textbox', 'edit'], args: { text: 'Pay rent' } },
      { action: 'press_key', target: ['textbox', 'edit'], args: { key: 'Enter' } },
    ],
  }),
  stepped({
    id: 'row-hover-action',
    kind: "a row's hover-only icon button",
    page: 'widgets/inbox-hover.html',
    request: 'Star the message from Grace',
    solved: () => document.getElementById('log')?.textContent === 'starred Grace',
    steps: [click('button', 'star', false, 'Grace: Compiler draft')],
  }),
  stepped({
    id: 'todo-label-handler',
    kind: "a label's own double-click handler",
    page: 'widgets/todo-delegated.html',
    request: 'Rename "Call mum" to "Call dad"',
    solved: () => document.getElementById('log')?.textContent === 'saved Call dad',
    steps: [
      { action: 'double_click', target: ['clickable', 'Call mum'], reread: true },
      { action: 'type_text', target: ['textbox', 'edit'], args: { text: 'Call dad' } },
      { action: 'press_key', target: ['textbox', 'edit'], args: { key: 'Enter' } },
    ],
  }),
  stepped({
    id: 'react-todo-edit',
    kind: 'React root listeners, double click',
    page: 'widgets/todo-react.html',
    request: 'Rename "Renew the passport" to "Renew the visa"',
    solved: () => document.getElementById('log')?.textContent === 'saved Renew the visa',
    steps: [
      { action: 'double_click', target: ['clickable', 'Renew the passport'], reread: true },
      { action: 'type_text', target: ['textbox', 'edit'], args: { text: 'Renew the visa' } },
      { action: 'press_key', target: ['textbox', 'edit'], args: { key: 'Enter' } },
    ],
  }),
  stepped({
    id: 'tree-grid',
    kind: 'tree grid, expand a row and open one inside',
    page: 'widgets/states.html',
    request: 'Open the report in my Projects folder',
    solved: () => document.getElementById('log')?.textContent === 'opened Projects/report.pdf',
    steps: [click('row', 'Projects 2 files', true), click('row', 'report.pdf 80 kB')],
  }),
  stepped({
    id: 'mixed-checkbox',
    kind: 'mixed (tri-state) checkbox group',
    page: 'widgets/states.html',
    request: 'Put every condiment on my sandwich except the sprouts',
    solved: () =>
      [...document.querySelectorAll<HTMLInputElement>('.checkboxes input')].map((box) => box.checked).join() ===
        'true,true,true,false' && document.querySelector('.group_checkbox')?.getAttribute('aria-checked') === 'mixed',
    // The group starts mixed: one click checks them all.
    steps: [click('checkbox', 'All condiments'), click('checkbox', 'Sprouts')],
  }),
  stepped({
    id: 'div-combobox',
    kind: 'select-only combobox on a div',
    page: 'widgets/states.html',
    request: 'Make banana my favourite fruit',
    solved: () => {
      const combo = document.getElementById('combo1');
      return combo?.textContent === 'Banana' && combo.getAttribute('aria-expanded') === 'false';
    },
    steps: [click('combobox', 'Favorite Fruit', true), click('option', 'Banana')],
  }),
  stepped({
    id: 'feed-like',
    kind: 'icon buttons nothing names, repeated in each post',
    page: 'widgets/feed.html',
    request: 'Like the second post',
    solved: () => document.getElementById('log')?.textContent === 'like post 2 by Grace',
    steps: [{ action: 'click_element', target: ['button', 'like', undefined, 'in post 2'] }],
  }),
  stepped({
    id: 'price-range',
    kind: "jQuery UI range slider's handles",
    page: 'widgets/price-slider.html',
    request: 'Set the price range to 100–300',
    solved: () => (document.getElementById('amount') as HTMLInputElement).value === '$100 - $300',
    // The range starts at $75–$300 in steps of $25.
    steps: [
      {
        action: 'press_key',
        target: ['slider', 'Price range', undefined, 'handle 1 of 2'],
        args: { key: 'ArrowRight' },
      },
    ],
  }),
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
