import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Person-visible text lives in _locales/en/messages.json; these checks keep code and file in step. */
const MESSAGES = JSON.parse(readFileSync('_locales/en/messages.json', 'utf8')) as Record<string, { message?: unknown }>;
const VISIBLE_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt']);
const LETTER = /\p{L}/u;

const files = (dir: string, pattern: RegExp): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
const parse = (file: string) =>
  ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
const walk = (node: ts.Node, visit: (node: ts.Node) => void) => {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
};
const where = (node: ts.Node) =>
  `${node.getSourceFile().fileName}:${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

/** The message names a file asks for with t('name', …); a name that is not a literal is reported, since no check could follow it. */
function messageCalls(source: ts.SourceFile): { keys: string[]; dynamic: string[] } {
  const keys: string[] = [];
  const dynamic: string[] = [];
  walk(source, (node) => {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 't') return;
    const [first] = node.arguments;
    if (first && ts.isStringLiteral(first)) keys.push(first.text);
    else dynamic.push(where(node));
  });
  return { keys, dynamic };
}

/** Text a person would read, written into a component instead of taken from the messages. */
function hardCodedText(source: ts.SourceFile): string[] {
  const found: string[] = [];
  walk(source, (node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText())) {
      const value =
        node.initializer && ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      const literal =
        value &&
        (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value) || ts.isTemplateExpression(value));
      if (literal && LETTER.test(value.getText()))
        found.push(`${where(node)} ${node.name.getText()}=${value.getText()}`);
    }
  });
  return found;
}

const PRODUCT = ['sidebar', 'abp-app', 'offscreen', 'background', 'src', 'content', 'policy'].flatMap((dir) =>
  files(dir, /\.tsx?$/),
);
const calls = PRODUCT.map((file) => messageCalls(parse(file)));
const pages = [...files('sidebar', /\.html$/), ...files('abp-app', /\.html$/)].flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/data-i18n="([^"]+)"/g)].map((m) => m[1] as string),
);
const manifests = files('manifests', /\.json$/).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/__MSG_(\w+)__/g)].map((m) => m[1] as string),
);
const used = new Set([...calls.flatMap((c) => c.keys), ...pages, ...manifests]);

describe('messages.json and the code agree', () => {
  it('every message has a valid name and a text', () => {
    for (const [name, entry] of Object.entries(MESSAGES)) {
      expect(name).toMatch(/^[a-z0-9_]+$/);
      expect(typeof entry.message === 'string' && entry.message.trim() !== '', name).toBe(true);
    }
  });

  it('every message name used in code, pages and manifests is in messages.json', () => {
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((key) => !(key in MESSAGES))).toEqual([]);
  });

  it('every message in messages.json is used', () => {
    expect(Object.keys(MESSAGES).filter((key) => !used.has(key))).toEqual([]);
  });

  it('message names are literals, so these checks see them all', () => {
    expect(calls.flatMap((c) => c.dynamic)).toEqual([]);
  });

  it('sidebar components hold no hard-coded person-visible text', () => {
    expect(files('sidebar', /\.tsx$/).flatMap((file) => hardCodedText(parse(file)))).toEqual([]);
  });

  it('the text check finds text nodes and visible attributes, and lets messages, data and symbols through', () => {
    const sample = ts.createSourceFile(
      'sample.tsx',
      `const a = <p title="Hint" aria-label={\`Row \${n}\`} data-testid="x">Hello {t('k')} · {name} ×<b placeholder={t('p')}>→</b></p>;`,
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    expect(hardCodedText(sample).map((found) => found.replace(/^sample\.tsx:1 /, ''))).toEqual([
      'title="Hint"',
      'aria-label=`Row ${n}`',
      'text "Hello"',
    ]);
  });
});
