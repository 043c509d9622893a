import { describe, expect, it } from 'vitest';
import { systemPrompt } from '../../background/agent/system-prompt';
import { INPUT_TOOLS } from '../../background/tools/input-tools';

describe('the system prompt', () => {
  const prompt = systemPrompt({ title: 'Widgets', url: 'https://example.test/' });

  it('names every action a widget needs, by the tool that does it', () => {
    for (const tool of [
      'read_page',
      'read_listing',
      'press_key',
      'hover',
      'drag',
      'select_option',
      'double_click',
      'click_element',
      'select_text',
      'accept_dialog',
    ])
      expect(prompt).toContain(tool);
    // A new input action must be taught too.
    for (const tool of INPUT_TOOLS) expect(prompt).toContain(tool.name);
    expect(prompt).toMatch(/select_option with several options/);
    expect(prompt).toMatch(/click_element with x and y/);
  });

  it('says how to recover from a stale index, a covered element and a control that did not react', () => {
    expect(prompt).toMatch(/a stale index means read the page again/);
    expect(prompt).toMatch(/"covered by" names what lies over the element.*press_key Escape/);
    expect(prompt).toMatch(/did not react: read the page again, then try another way \(a key, a hover/);
  });

  it('names the tab it works in, or says none is open', () => {
    expect(prompt).toContain('The tab you work in: "Widgets" (https://example.test/).');
    expect(systemPrompt(null)).toContain('No web page is open in the tab you work in.');
  });
});
