import { matcher, splitSelectors } from './layer-rules';

/**
 * Elements a stylesheet gives `cursor: pointer`: the sign most pages give a control made
 * clickable by script. Found from the rules (cheap) and confirmed on the element's computed
 * style; an element that only inherits the cursor from its parent is not reported again.
 * When a stylesheet cannot be read (another origin's), every element's computed style is asked.
 */
export interface CursorLookup {
  (el: Element, root?: Node): boolean;
  /** The selectors that may give an element of `root` a pointer; null when a stylesheet cannot be read and any may have one. */
  named(root: Node): string[] | null;
}

/** A pointer says "click me"; move and grab say "drag me" (sortable items, handles). */
const OPERABLE_CURSORS = new Set(['pointer', 'move', 'grab']);

export function createCursorLookup(): CursorLookup {
  const byRoot = new Map<Node, { selectors: string[]; matches: (el: Element) => boolean } | null>();
  const rules = (root: Node) => {
    let found = byRoot.get(root);
    if (found === undefined) {
      const selectors = pointerSelectors(root as Document | ShadowRoot);
      found = selectors && { selectors, matches: matcher(selectors) };
      byRoot.set(root, found);
    }
    return found;
  };
  const lookup = (el: Element, root: Node = el.getRootNode()) => {
    const found = rules(root);
    if (found && !found.matches(el)) return false;
    // Inside a section the page keeps unrendered, reading a style makes the browser compute the
    // whole section's: the rules decide, and a child the same rules name only inherits the cursor.
    if (!el.checkVisibility({ contentVisibilityAuto: true })) {
      const parent = parentOf(el);
      return found !== null && !(parent && found.matches(parent));
    }
    const cursor = cursorOf(el);
    return OPERABLE_CURSORS.has(cursor) && cursorOf(parentOf(el)) !== cursor;
  };
  return Object.assign(lookup, { named: (root: Node) => rules(root)?.selectors ?? null });
}

const cursorOf = (el: Element | null) => (el ? (el.ownerDocument.defaultView?.getComputedStyle(el).cursor ?? '') : '');

const parentOf = (el: Element): Element | null =>
  el.parentElement ?? ((el.parentNode as ShadowRoot | null)?.host as Element | undefined) ?? null;

/** Selectors of the rules and inline styles that may give a pointer cursor; null when a stylesheet cannot be read. */
function pointerSelectors(root: Document | ShadowRoot): string[] | null {
  const selectors = ['[style*="cursor"]'];
  for (const sheet of [...root.styleSheets, ...(root.adoptedStyleSheets ?? [])]) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      return null;
    }
    visit(rules, null, selectors);
  }
  return selectors;
}

function visit(rules: CSSRuleList, within: string | null, found: string[]): void {
  for (const rule of rules) {
    if (rule instanceof CSSStyleRule) {
      // A nested rule's selector is relative to its parent's: anything inside the parent may match.
      const selectors = within === null ? splitSelectors(rule.selectorText) : [`:is(${within})`, `:is(${within}) *`];
      if (OPERABLE_CURSORS.has(rule.style.cursor)) found.push(...selectors);
      if (rule.cssRules.length > 0) visit(rule.cssRules, within ?? rule.selectorText, found);
    } else if ('cssRules' in rule) {
      visit((rule as CSSGroupingRule).cssRules, within, found);
    }
  }
}
