import { splitSelectors } from './layer-rules';

/**
 * A stylesheet rule that shows something while an ancestor is hovered, as TodoMVC's
 * `.todo-list li:hover .destroy { display: block }` or a row's hover-only actions: `target` is
 * what it shows and `anchor` the element a pointer must be over, both without `:hover`.
 */
export interface HoverReveal {
  anchor: string;
  target: string;
  /** The rule with `:hover` written as the attribute Bosun's pointer puts on what it is over. */
  forced: string;
}

/** The attribute that stands for `:hover` on the element under Bosun's pointer and its ancestors. */
export const HOVERED = 'data-bosun-hover';

/** A selector up to the end of its first compound holding `:hover`, and what follows it. */
const ANCESTOR_HOVER = /^(.*?:hover[^\s>+~]*)\s*[\s>+~]\s*\S/;

/** A declaration that makes an element seen: what a hover-only control's rule sets. */
function shows(style: CSSStyleDeclaration): boolean {
  return (
    (style.display !== '' && style.display !== 'none') ||
    style.visibility === 'visible' ||
    (style.opacity !== '' && Number(style.opacity) > 0)
  );
}

/** Rules read during the current task of the event loop: a drag moves the pointer many times in one. */
const recent = new WeakMap<Document, HoverReveal[]>();

/** The document's readable rules that reveal something on an ancestor's hover (another origin's stylesheets cannot be read). */
export function hoverReveals(doc: Document): HoverReveal[] {
  let found = recent.get(doc);
  if (found) return found;
  recent.set(doc, (found = readReveals(doc)));
  setTimeout(() => recent.delete(doc), 0);
  return found;
}

function readReveals(doc: Document): HoverReveal[] {
  const found: HoverReveal[] = [];
  const visit = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSStyleRule) {
        if (!rule.selectorText.includes(':hover') || !shows(rule.style)) continue;
        const forced = rule.cssText.replaceAll(':hover', `[${HOVERED}]`);
        for (const part of splitSelectors(rule.selectorText)) {
          const ancestor = ANCESTOR_HOVER.exec(part)?.[1];
          if (ancestor)
            found.push({
              anchor: ancestor.replaceAll(':hover', '') || '*',
              target: part.replaceAll(':hover', ''),
              forced,
            });
        }
      } else if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules);
    }
  };
  for (const sheet of doc.styleSheets) {
    try {
      visit(sheet.cssRules);
    } catch {
      // Another origin's stylesheet: its rules cannot be read.
    }
  }
  return found;
}

const matches = (el: Element, selector: string) => {
  try {
    return el.matches(selector);
  } catch {
    return false;
  }
};

/**
 * The element a pointer must be over for a rule to show `el` (itself or an ancestor being what the
 * rule shows), or null when no hover rule shows it.
 */
export function hoverAnchor(el: Element, rules: HoverReveal[]): Element | null {
  for (const { anchor, target } of rules) {
    for (let shown: Element | null = el; shown; shown = shown.parentElement) {
      if (!matches(shown, target)) continue;
      for (let up = shown.parentElement; up; up = up.parentElement) if (matches(up, anchor)) return up;
    }
  }
  return null;
}
