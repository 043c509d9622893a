// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/llm/errors';
import { toolsRefused, toXmlTurns, xmlToolInstructions } from '../../background/llm/xml-fallback';
import { XmlCallFilter, parseXmlToolCalls } from '../../background/llm/xml-tools';

describe('parseXmlToolCalls', () => {
  it('reads a call and strips it from the text', () => {
    expect(parseXmlToolCalls('Clicking now.\n<tool_call name="click_element">{"index": 3}</tool_call>')).toEqual({
      text: 'Clicking now.',
      toolCalls: [{ id: 'xml_1', name: 'click_element', args: { index: 3 } }],
      malformed: [],
    });
  });

  it('tolerates whitespace, quotes, case, an <arguments> child, a <name> child and a Markdown fence', () => {
    const text = [
      'A',
      '<tool_call  name = \'scroll_page\' >\n  {"direction": "down"}\n</tool_call >',
      '<TOOL_CALL name="fill">\n  <arguments>\n    {"index": 2, "value": "a < b"}\n  </arguments>\n</TOOL_CALL>',
      '<tool_call><name>read_page</name></tool_call>',
      '<tool_call name="navigate">```json\n{"url": "https://example.com"}\n```</tool_call>',
      '<tool_call name="go_back"/>',
      'B',
    ].join('\n');
    const parsed = parseXmlToolCalls(text, 7);
    expect(parsed.toolCalls).toEqual([
      { id: 'xml_7', name: 'scroll_page', args: { direction: 'down' } },
      { id: 'xml_8', name: 'fill', args: { index: 2, value: 'a < b' } },
      { id: 'xml_9', name: 'read_page', args: {} },
      { id: 'xml_10', name: 'navigate', args: { url: 'https://example.com' } },
      { id: 'xml_11', name: 'go_back', args: {} },
    ]);
    expect(parsed.text).toBe('A\n\nB');
    expect(parsed.malformed).toEqual([]);
  });

  it('ignores malformed blocks and says so in the text', () => {
    const parsed = parseXmlToolCalls(
      'One <tool_call name="a">{"x": 1,}</tool_call> two <tool_call>{"x": 1}</tool_call> three <tool_call name="b">[1]</tool_call> four <tool_call name="c">{"x"',
    );
    expect(parsed.toolCalls).toEqual([]);
    expect(parsed.malformed).toEqual([
      'the arguments of "a" are not a JSON object.',
      'it has no tool name.',
      'the arguments of "b" are not a JSON object.',
      'a <tool_call> was never closed.',
    ]);
    expect(parsed.text).toContain('[Bosun ignored a malformed tool call: the arguments of "a" are not a JSON object.]');
    expect(parsed.text).toMatch(/^One\n/);
  });

  it('leaves text without calls alone', () => {
    expect(parseXmlToolCalls('Just an answer.')).toEqual({ text: 'Just an answer.', toolCalls: [], malformed: [] });
  });
});

describe('XmlCallFilter', () => {
  const stream = (text: string, size: number) => {
    const filter = new XmlCallFilter();
    let out = '';
    for (let i = 0; i < text.length; i += size) out += filter.push(text.slice(i, i + size));
    return out + filter.flush();
  };

  it.each([1, 2, 5, 100])('holds tool-call XML back from the streamed text (pieces of %i)', (size) => {
    const text = 'Sure, a<b. <tool_call name="x">{"a": "</tool"}</tool_call> Then <tool_call name="y"/>done <tool';
    expect(stream(text, size)).toBe('Sure, a<b.  Then done <tool');
  });

  it('drops an unfinished call', () => {
    expect(stream('Hi <tool_call name="x">{"a":', 3)).toBe('Hi ');
  });
});

describe('the fallback decision and prompt', () => {
  const refusal = (status: number, detail: string) => new ProviderError('refused', { status, detail });
  it.each([
    [400, 'This model does not support tools', true],
    [400, 'tools is not supported', true],
    [400, 'Unrecognized request argument supplied: tools', true],
    [422, 'tool_choice: extra fields not permitted', true],
    [400, '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set', true],
    [400, 'messages: text content blocks must be non-empty', false],
    [500, 'This model does not support tools', false],
    [429, 'tools is not supported', false],
  ])('status %i with "%s" → fallback %s', (status, detail, expected) => {
    expect(toolsRefused(refusal(status, detail))).toBe(expected);
  });

  it('lists every tool with its schema', () => {
    const schema = { type: 'object', properties: { index: { type: 'integer' } }, required: ['index'] };
    const text = xmlToolInstructions([
      { name: 'click_element', description: 'Clicks.', parameters: schema },
      { name: 'read_page', description: 'Reads.', parameters: { type: 'object', properties: {}, required: [] } },
    ]);
    expect(text).toContain('<tool_call name="click_element">');
    expect(text).toContain(`### click_element\nClicks.\nArguments (JSON Schema): ${JSON.stringify(schema)}`);
    expect(text).toContain('### read_page');
  });

  it('turns tool turns into text, keeping a screenshot', () => {
    expect(
      toXmlTurns([
        { role: 'assistant', content: '', toolCalls: [{ id: 'xml_1', name: 'screenshot', args: {} }] },
        {
          role: 'tool',
          toolCallId: 'xml_1',
          name: 'screenshot',
          content: 'Taken.',
          image: 'data:image/png;base64,AA==',
        },
      ]),
    ).toEqual([
      { role: 'assistant', content: '<tool_call name="screenshot">{}</tool_call>' },
      {
        role: 'user',
        content: '<tool_result name="screenshot" id="xml_1">\nTaken.\n</tool_result>',
        image: 'data:image/png;base64,AA==',
      },
    ]);
  });
});
