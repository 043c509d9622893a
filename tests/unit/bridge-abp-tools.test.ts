import { describe, expect, it } from 'vitest';
import { abpToolName, abpTools } from '../../bridge/tools/abp-tools';
import type { CapabilityInfo } from '../../src/abp/response';

const crawlStart: CapabilityInfo = {
  name: 'crawl.start',
  description: 'Start a crawl',
  available: true,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  inputSchema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      urls: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1 }] },
      options: {
        type: 'object',
        properties: { maxWorkers: { type: 'integer', minimum: 1, maximum: 10 } },
        required: [],
        additionalProperties: false,
      },
    },
    required: ['urls'],
    additionalProperties: false,
  },
};
const pickContent: CapabilityInfo = {
  name: 'scrape.pickContent',
  description: 'Pick content',
  available: false,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: false },
};

describe('ABP capabilities as MCP tools', () => {
  it('names each tool abp_ plus the capability with dots as underscores', () => {
    expect(abpToolName('crawl.start')).toBe('abp_crawl_start');
    expect(abpToolName('storage.pages.search')).toBe('abp_storage_pages_search');
    expect(abpToolName('diagnostics.getErrors')).toBe('abp_diagnostics_getErrors');
  });

  it("keeps the capability's JSON Schema as the input schema and says what it is in the description", () => {
    const [tool, unavailable] = abpTools([crawlStart, pickContent]);
    expect(tool).toMatchObject({
      name: 'abp_crawl_start',
      description: 'Start a crawl. Bosun ABP capability crawl.start.',
    });
    const { $schema: _dialect, ...schema } = crawlStart.inputSchema;
    expect(tool?.inputSchema).toEqual(schema);
    expect(unavailable?.description).toBe(
      'Pick content (unavailable in this browser: calls answer CAPABILITY_UNAVAILABLE). Bosun ABP capability scrape.pickContent.',
    );
  });

  it('validates arguments against the schema before anything runs', () => {
    const [tool] = abpTools([crawlStart]);
    expect(tool?.validate({ urls: 'http://a.test/' })).toEqual({ ok: true, args: { urls: 'http://a.test/' } });
    expect(tool?.validate(undefined)).toEqual({ ok: false, message: "data must have required property 'urls'" });
    const bad = tool?.validate({ urls: [], options: { maxWorkers: 11, turbo: true } });
    expect(bad?.ok).toBe(false);
    expect(!bad?.ok && bad?.message).toMatch(/maxWorkers must be <= 10/);
    expect(!bad?.ok && bad?.message).toMatch(/must NOT have additional properties/);
  });

  it('refuses two capabilities that would become the same tool', () => {
    expect(() => abpTools([crawlStart, { ...crawlStart, name: 'crawl_start' }])).toThrow(
      'The capabilities crawl.start and crawl_start would both be the tool abp_crawl_start.',
    );
  });
});

describe('ABP tools: titles and annotations', () => {
  it("takes each tool's annotations from its capability's own declaration, never from its name", () => {
    const declared = { readOnlyHint: false, destructiveHint: true, openWorldHint: true };
    // A name that reads like a harmless read: what the capability declares is what the client hears.
    expect(abpTools([{ ...pickContent, name: 'storage.pages.search', annotations: declared }])[0]?.annotations).toEqual(
      declared,
    );
    const [tool] = abpTools([crawlStart]);
    expect(tool?.title).toBe('Bosun: crawl start');
    expect(abpTools([{ ...pickContent, name: 'diagnostics.getErrors' }])[0]?.title).toBe(
      'Bosun: diagnostics get errors',
    );
  });
});
