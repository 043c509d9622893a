// @vitest-environment node
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toolSpec } from '../../background/llm/tool-spec';

describe('toolSpec', () => {
  it('turns a valibot object schema into JSON Schema parameters, descriptions included', () => {
    const schema = v.object({
      index: v.pipe(
        v.number(),
        v.integer(),
        v.minValue(0),
        v.description('The element index from the last page snapshot'),
      ),
      text: v.optional(v.pipe(v.string(), v.maxLength(500), v.description('Text to type'))),
      mode: v.picklist(['replace', 'append']),
    });
    expect(toolSpec('fill_form', 'Types into a field.', schema)).toEqual({
      name: 'fill_form',
      description: 'Types into a field.',
      parameters: {
        type: 'object',
        properties: {
          index: { type: 'integer', minimum: 0, description: 'The element index from the last page snapshot' },
          text: { type: 'string', maxLength: 500, description: 'Text to type' },
          mode: { type: 'string', enum: ['replace', 'append'] },
        },
        required: ['index', 'mode'],
      },
    });
  });

  it('always gives an object schema with properties and required, and no $schema', () => {
    const { parameters } = toolSpec('read_page', 'Reads the page.', v.object({}));
    expect(parameters).toEqual({ type: 'object', properties: {}, required: [] });
  });

  it('leaves out what JSON Schema cannot say instead of failing', () => {
    const schema = v.object({
      url: v.pipe(
        v.string(),
        v.check((url) => url.startsWith('https://')),
        v.description('Where to go'),
      ),
    });
    expect(toolSpec('navigate', 'Opens a URL.', schema).parameters).toEqual({
      type: 'object',
      properties: { url: { type: 'string', description: 'Where to go' } },
      required: ['url'],
    });
  });

  it('refuses parameters that are not an object', () => {
    expect(() => toolSpec('bad', 'Bad.', v.string())).toThrow(/must be a valibot object schema/);
  });
});
