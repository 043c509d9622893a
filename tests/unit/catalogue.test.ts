import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createCapabilityTable } from '../../background/abp/capability-table';
import { describeCapabilities } from '../../background/abp/dispatch';
import { describePageActions } from '../../background/abp/page-actions';
import { TOOLS, toolSpecs } from '../../background/tools/registry';
import type { Tool } from '../../background/tools/types';
import { abpToolName } from '../../bridge/tools/abp-tools';
import { pageActionTools } from '../../bridge/tools/page-action-tools';
import { allTools, presetTools } from '../../bridge/tools/tool-set';
import { NATIVE_TOOLS } from '../../src/abp/bridge-operations';

/**
 * Each action is declared once, as a tool (background/tools/): the chat offers it to the model, ABP
 * offers it on the page surface it declares (page.act, or a page.* capability of its own), and the
 * README's tables describe it. These checks fail when a surface leaves out an action it should
 * offer, offers one the catalogue does not declare for it, or states other parameters or another
 * level than the declaration. The MCP bridge's by-reference tools are generated from the same
 * declarations (bridge/tools/page-action-tools.ts), `index` named `ref`.
 */
const README = readFileSync('README.md', 'utf8');
const tools = [...TOOLS.values()];
const abp = new Map(describeCapabilities(createCapabilityTable({} as never)).map((c) => [c.name, c]));

type JsonSchema = { properties?: Record<string, unknown>; required?: string[]; enum?: string[] };
const jsonSchemaOf = (tool: Tool) => {
  const { $schema: _draft, ...schema } = toJsonSchema(tool.params, { errorMode: 'ignore' }) as JsonSchema & {
    $schema?: string;
  };
  return schema;
};
/** A capability's schema without where it acts (tabId or url): what is left are the tool's own arguments. */
function withoutTab(schema: JsonSchema): { properties: Record<string, unknown>; required: string[] } {
  const { tabId: _tab, url: _url, ...properties } = schema.properties ?? {};
  return { properties, required: (schema.required ?? []).filter((name) => name !== 'tabId' && name !== 'url') };
}
const argsOf = (schema: JsonSchema) => ({ properties: schema.properties ?? {}, required: schema.required ?? [] });
const bridgeTools = pageActionTools(describePageActions());

/**
 * A schema's parameters as a tool takes them, whatever a surface calls an element and however it
 * words their descriptions: every `ref` is the chat's `index`, descriptions and the bridge's refusal
 * of unknown parameters left out.
 */
function paramsOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(paramsOf);
  if (typeof schema !== 'object' || schema === null) return schema;
  const index = (name: unknown) => (name === 'ref' ? 'index' : name);
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== 'description' && key !== 'additionalProperties' && key !== '$schema')
      .map(([key, value]) => {
        if (key === 'properties')
          return [key, Object.fromEntries(Object.entries(value as object).map(([n, p]) => [index(n), paramsOf(p)]))];
        if (key === 'required') return [key, (value as string[]).map(index)];
        return [key, paramsOf(value)];
      }),
  );
}

/** The browser_* tools the bridge's own files declare by hand (`name: 'browser_…'`). */
function handDeclared(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts'))
        for (const [, name] of readFileSync(path, 'utf8').matchAll(/name: '(browser_[a-z_]+)'/g)) names.add(name!);
    }
  };
  walk('bridge');
  return names;
}

describe('ABP offers each page action the catalogue declares for it, with the same parameters', () => {
  it('page.act offers exactly the tools that declare page.act', () => {
    const act = abp.get('page.act')?.inputSchema as { properties: { action: JsonSchema } };
    const declared = tools.filter((tool) => tool.abp === 'page.act').map((tool) => tool.name);
    expect(act.properties.action.enum?.toSorted()).toEqual(declared.toSorted());
  });

  it.each(['page.read', 'page.readListing', 'page.getContent'] as const)(
    '%s takes its tool’s own parameters and where to act',
    (capability) => {
      const [tool, ...more] = tools.filter((each) => each.abp === capability);
      expect(more).toEqual([]);
      const offered = abp.get(capability)?.inputSchema as JsonSchema;
      expect(withoutTab(offered)).toEqual(argsOf(jsonSchemaOf(tool!)));
    },
  );

  it('every page.* capability of the table is one the catalogue declares', () => {
    const pageCapabilities = [...abp.keys()].filter((name) => name.startsWith('page.')).toSorted();
    const declared = new Set(tools.flatMap((tool) => (tool.abp ? [tool.abp] : [])));
    expect(pageCapabilities).toEqual([...declared].toSorted());
  });
});

describe('the MCP bridge offers each page action the catalogue declares for it, as declared', () => {
  const declared = tools.filter((tool) => tool.bridge);

  it('its by-reference tools are exactly the actions that declare a bridge tool, each run through its ABP surface', () => {
    expect(bridgeTools.map((tool) => tool.name).toSorted()).toEqual(
      declared.map((tool) => tool.bridge!.name).toSorted(),
    );
    for (const tool of declared) expect(tool.abp, tool.name).toBeDefined();
  });

  it('every other browser_* tool is a native tool, declared with its level in NATIVE_TOOLS; none mirrors a page action', () => {
    const native = new Set(Object.keys(NATIVE_TOOLS));
    const generated = new Set(bridgeTools.map((tool) => tool.name));
    for (const name of handDeclared()) {
      expect(generated.has(name), `${name} is declared by hand and generated`).toBe(false);
      expect(native.has(name), `${name} is declared by hand but is no native tool`).toBe(true);
    }
  });

  it.each(declared.map((tool) => [tool.bridge!.name, tool] as const))(
    '%s takes its action’s parameters (index named ref), at its level, with its annotations',
    (name, tool) => {
      const bridge = bridgeTools.find((each) => each.name === name)!;
      expect(paramsOf(bridge.inputSchema)).toEqual(paramsOf(jsonSchemaOf(tool)));
      expect(JSON.stringify(bridge.inputSchema)).not.toMatch(/"index"/);
      expect(bridge.description).toContain(`the chat's ${tool.name} is (${tool.level})`);
      expect(bridge.annotations).toEqual({
        readOnlyHint: tool.annotations.readOnly,
        destructiveHint: tool.annotations.destructive,
        openWorldHint: tool.annotations.openWorld,
      });
    },
  );
});

describe('each declaration agrees with itself', () => {
  it.each(tools.map((tool) => [tool.name, tool] as const))('%s is read-only exactly when its level is', (_, tool) => {
    expect(tool.annotations.readOnly).toBe(tool.level === 'read-only');
    if (tool.annotations.readOnly) expect(tool.annotations.destructive).toBe(false);
  });
});

/** The rows of the README table whose header row is `header`, each as its cells. */
function tableRows(header: string): string[][] {
  const lines = README.split('\n');
  const start = lines.findIndex((line) => line.trim() === header);
  expect(start, `the README has a table headed ${header}`).toBeGreaterThan(-1);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith('|')) break;
    rows.push(
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}
/** The tool names a piece of README text puts in code: `click_element`, `browser_click { ref }`. */
const namesIn = (text: string, pattern = /`([a-z]+(?:_[a-z]+)*)[`\s{]/g) =>
  [...text.matchAll(pattern)].map((match) => match[1]!);

describe("the README's tool tables say what the catalogue declares", () => {
  it("the chat's Action/Level table lists every tool the chat offers once, at its level", () => {
    const stated = tableRows('| Action | Level | What it does |').flatMap(([actions = '', level = '']) =>
      namesIn(actions).map((name) => [name, level] as const),
    );
    const offered = tools.filter((tool) => tool.name !== 'mark_element');
    expect(toolSpecs().length).toBeLessThanOrEqual(offered.length);
    expect(stated.map(([name]) => name).toSorted()).toEqual(offered.map((tool) => tool.name).toSorted());
    for (const [name, level] of stated) expect(level, name).toBe(TOOLS.get(name)?.level);
  });

  it("the ABP section names page.act's actions and the page.* capabilities' parameters as declared", () => {
    const actSentence = /`page\.act` runs one of the\s+page engine's actions:([\s\S]*?) run Bosun's tools through/.exec(
      README,
    )?.[1];
    expect(actSentence, 'the README says which actions page.act runs').toBeDefined();
    expect(namesIn(actSentence!).toSorted()).toEqual(
      tools
        .filter((tool) => tool.abp === 'page.act')
        .map((tool) => tool.name)
        .toSorted(),
    );
    for (const capability of ['page.readListing', 'page.getContent'] as const) {
      const stated = new RegExp(`\`${capability.replace('.', '\\.')} \\{([^}]*)\\}\``).exec(README)?.[1];
      expect(stated, `the README gives ${capability}'s parameters`).toBeDefined();
      const params = [...stated!.matchAll(/([a-zA-Z]+)(\?)?/g)].map(([, name, optional]) => [name, !optional]);
      const tool = tools.find((each) => each.abp === capability)!;
      const schema = argsOf(jsonSchemaOf(tool));
      expect(params.toSorted(), capability).toEqual(
        Object.keys(schema.properties)
          .map((name) => [name, schema.required.includes(name)])
          .toSorted(),
      );
    }
  });

  it("the bridge's table names every browser_* tool the bridge defines, and no other", () => {
    const defined = new Set([...handDeclared(), ...bridgeTools.map((tool) => tool.name)]);
    const stated = tableRows('| tool | what it does | Chromium | Firefox |').flatMap(([tool = '']) =>
      namesIn(tool, /`(browser_[a-z_]+)/g),
    );
    expect([...new Set(stated)].toSorted()).toEqual([...defined].toSorted());
  });

  it("the bridge's table gives each generated tool's parameters as declared", () => {
    const cells = tableRows('| tool | what it does | Chromium | Firefox |').map(([tool = '']) => tool);
    for (const tool of bridgeTools) {
      const stated = cells
        .flatMap((cell) => [...cell.matchAll(new RegExp(`\`${tool.name}(?: \\{(.*?)\\})?\``, 'g'))])
        .map((match) => match[1] ?? '');
      expect(stated, `the README's bridge table names ${tool.name} once`).toHaveLength(1);
      const params = Object.keys((tool.inputSchema as JsonSchema).properties ?? {});
      // Only its own parameters: what an array's items take (fill_form's fields) is left out.
      expect([...new Set(stated[0]!.replace(/\[.*$/, '').match(/[a-zA-Z]+/g) ?? [])].toSorted(), tool.name).toEqual(
        params.toSorted(),
      );
    }
  });
});

// The chat's params are checked by valibot, not by their JSON Schema: a capability's schema holds
// the tool's checks across its fields (read_listing's "give one of from, around or heading") too,
// since the gate takes its arguments as checked.
describe('the ABP capabilities check what the tool checks', () => {
  it('page.readListing refuses a call that names no part, or two, as read_listing does', () => {
    const table = createCapabilityTable({} as never);
    const listing = table.get('page.readListing')!;
    expect(v.safeParse(listing.params, { tabId: 1, from: 3 }).success).toBe(true);
    expect(v.safeParse(listing.params, { tabId: 1 }).success).toBe(false);
    expect(v.safeParse(listing.params, { tabId: 1, from: 3, heading: 'Reviews' }).success).toBe(false);
    expect(v.safeParse(TOOLS.get('read_listing')!.params, {}).success).toBe(false);
  });
});

describe('the MCP bridge lists one tool per job, in presets', () => {
  const pageActions = describePageActions();
  const all = allTools({ pageActions, capabilities: [...abp.values()], allowHttpOnly: [] });
  const names = all.map((tool) => tool.name);

  it('lists no ABP capability beside the browser_* tool that serves it (page.read is browser_snapshot…)', () => {
    for (const action of pageActions.filter((each) => each.surface !== 'page.act'))
      expect(names, `${action.surface} is ${action.bridge.name}`).not.toContain(abpToolName(action.surface));
    expect(names).toEqual(expect.arrayContaining(['browser_snapshot', 'browser_read_listing', 'abp_page_act']));
    expect(new Set(names).size).toBe(names.length);
  });

  it("the default preset is the README's, and the full set holds every tool", () => {
    const paragraph = README.split('\n\n').find((each) => each.startsWith('**Tool presets.**')) ?? '';
    const stated = namesIn(paragraph.split('`--tools full`')[0] ?? '', /`(browser_[a-z_]+)`/g);
    expect(
      presetTools(all, 'default')
        .map((tool) => tool.name)
        .toSorted(),
    ).toEqual(stated.toSorted());
    expect(presetTools(all, 'full').map((tool) => tool.name)).toEqual(names);
  });
});
