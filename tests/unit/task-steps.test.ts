// A bench task's steps, as the scripted model, ABP page.act and the bridge each translate them.
import { describe, expect, it } from 'vitest';
import { argsOf, planOf, type TaskStep } from '../../bench/agent-tasks/steps';
import { TASKS } from '../../bench/agent-tasks/tasks';
import { describePageActions } from '../../background/abp/page-actions';
import { bridgeCall } from '../e2e/support/task-steps';

const LISTING = [
  '## Interactive elements',
  '[1]textbox "Departure date"',
  '*[2]clickable "Next month"',
  '*[3]gridcell "14"',
  '[4]clickable "Write report"',
].join('\n');
const toolOf = (step: unknown) => {
  const [{ name, arguments: args }] = (step as { calls: [{ name: string; arguments: unknown }] }).calls;
  return { name, arguments: args };
};

const actions = describePageActions();

describe('task steps', () => {
  it('look their elements up by role and label, and keep the other arguments', () => {
    expect(argsOf({ action: 'drag', target: ['gridcell', '14'], to: ['clickable', 'Write report'] }, LISTING)).toEqual({
      index: 3,
      to: 4,
    });
    expect(argsOf({ action: 'click_element', target: ['clickable', 'Next month'], args: { x: 5 } }, LISTING)).toEqual({
      index: 2,
      x: 5,
    });
    expect(() => argsOf({ action: 'click_element', target: ['button', 'Next month'] }, LISTING)).toThrow(
      /no button "Next month"/,
    );
  });

  it('tell apart controls nothing names by their place among the ones like them', () => {
    const feed = [
      '[1]button "like" in post 1',
      '[2]button "like" in post 2 pressed',
      '[3]slider "Price" handle 1 of 2 =15%',
    ];
    const listing = feed.join('\n');
    expect(argsOf({ action: 'click_element', target: ['button', 'like', undefined, 'in post 2'] }, listing)).toEqual({
      index: 2,
    });
    expect(argsOf({ action: 'press_key', target: ['slider', 'Price', undefined, 'handle 1 of 2'] }, listing)).toEqual({
      index: 3,
    });
    expect(() =>
      argsOf({ action: 'click_element', target: ['button', 'like', undefined, 'in post 3'] }, listing),
    ).toThrow(/no button "like" in post 3/);
  });

  it('play as a read, then each step, with a read after each step that changes the page', () => {
    const steps: TaskStep[] = [
      { action: 'click_element', target: ['textbox', 'Departure date'], reread: true },
      { action: 'click_element', target: ['gridcell', '14'] },
    ];
    const seen = { listing: LISTING, last: '' };
    const plan = planOf(steps).map((turn) => toolOf(turn(seen)));
    expect(plan).toEqual([
      { name: 'read_page', arguments: {} },
      { name: 'click_element', arguments: { index: 1 } },
      { name: 'read_page', arguments: {} },
      { name: 'click_element', arguments: { index: 3 } },
    ]);
  });

  it('go through the bridge’s own tool where the action declares one, otherwise through abp_page_act', () => {
    expect(bridgeCall('select_option', { index: 3, options: ['Ham'] }, 9, actions)).toEqual([
      'browser_select_option',
      { ref: 3, options: ['Ham'] },
    ]);
    expect(bridgeCall('press_key', { key: 'Escape' }, 9, actions)).toEqual(['browser_press_key', { key: 'Escape' }]);
    expect(bridgeCall('click_element', { index: 3, x: 150, y: 30 }, 9, actions)).toEqual([
      'browser_click',
      { ref: 3, x: 150, y: 30 },
    ]);
    expect(bridgeCall('double_click', { index: 3 }, 9, actions)).toEqual([
      'abp_page_act',
      { tabId: 9, action: 'double_click', args: { index: 3 } },
    ]);
  });

  it('give every widget page of the test site at least one task with steps', () => {
    const pages = new Set(TASKS.filter((t) => t.steps).map((t) => t.page));
    for (const page of ['listing', 'keyboard', 'pointer', 'choices', 'pickers'])
      expect(pages).toContain(`widgets/${page}.html`);
  });
});
