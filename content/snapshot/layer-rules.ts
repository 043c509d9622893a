const POSITIONED = /^(absolute|fixed|sticky)$/;
const PSEUDO = /::?(before|after)\b/;
const PSEUDOS = /::?(before|after)\b/g;
/** Out of the flow without a stylesheet rule: inline styles and the browser's own top layer. */
const ALWAYS = ['[style*="position"]', 'dialog[open]', ':popover-open'];

export interface LayerSelectors {
  /** Elements that may be positioned. */
  elements: string[];
  /** Elements whose ::before or ::after may be positioned. */
  pseudos: string[];
}

/**
 * The selectors of the rules that position elements, from the stylesheets of a document or a
 * shadow root; null when a stylesheet cannot be read (another origin's, served without CORS).
 * Whether @media or @supports applies is not judged here: matches are checked on the element.
 */
export function layerSelectors(root: Document | ShadowRoot): LayerSelectors | null {
  const found: LayerSelectors = { elements: [...ALWAYS], pseudos: [] };
  // adoptedStyleSheets may be missing (older engines, test DOMs): then there are none.
  for (const sheet of [...root.styleSheets, ...(root.adoptedStyleSheets ?? [])]) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      return null;
    }
    visit(rules, null, found);
  }
  return found;
}

function visit(rules: CSSRuleList, within: string | null, found: LayerSelectors): void {
  for (const rule of rules) {
    if (rule instanceof CSSStyleRule) {
      // A nested rule's selector is relative to its parent's: anything inside the parent may match.
      const selectors = within === null ? splitSelectors(rule.selectorText) : [`:is(${within})`, `:is(${within}) *`];
      if (POSITIONED.test(rule.style.position)) {
        for (const s of selectors) {
          if (PSEUDO.test(s)) found.pseudos.push(s.replace(PSEUDOS, '') || '*');
          else found.elements.push(s);
        }
      }
      if (rule.cssRules.length > 0) visit(rule.cssRules, within ?? rule.selectorText, found);
    } else if ('cssRules' in rule) {
      visit((rule as CSSGroupingRule).cssRules, within, found);
    }
  }
}

/** Splits a selector list at its top-level commas (not those inside :is(), :not() or attribute values). */
export function splitSelectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(list.slice(start).trim());
  return out.filter(Boolean);
}

/** The selectors this browser accepts, as one list: one it rejects matches nothing, and is not fatal. */
function accepted(selectors: string[]): string {
  return selectors
    .filter((s) => {
      try {
        return document.documentElement.matches(s) || true;
      } catch {
        return false;
      }
    })
    .join();
}

/** Elements matching any of the selectors. */
export function matching(root: Document | ShadowRoot, selectors: string[]): Iterable<Element> {
  const list = accepted(selectors);
  return list === '' ? [] : root.querySelectorAll(list);
}

/** Whether an element matches any of the selectors, asked of one element at a time (a walk that stops early asks only what it reaches). */
export function matcher(selectors: string[]): (el: Element) => boolean {
  const list = accepted(selectors);
  return (el) => list !== '' && el.matches(list);
}
