import { drawHighlights } from '../overlay/highlight';
import { withOverlayHidden } from '../overlay/host';
import { collect, collectWithin, createScopeLookup, type Candidate, type Walk } from './collect';
import { intersects, topFrame } from './frames';
import { createLabelLookup } from './labels';
import { createLayerLookup, mayBeCovered, type LayerLookup } from './layers';
import { formatPart } from './listing-part';
import { record } from './registry';
import { createScriptedRole } from './scripted';
import { coveringElement } from './visibility';

export interface SnapshotOptions {
  /** List only what is in the viewport; costs what it returns, whatever the page size. */
  viewportOnly?: boolean;
  /** A budget for the listing; lines past it are left out and counted, never cut in half. */
  maxChars?: number;
  /** Draw numbered boxes over the listed elements that are on screen. */
  highlight?: boolean;
}

export interface Snapshot {
  id: string;
  text: string;
  count: number;
  truncated: boolean;
}

/**
 * The indexed listing of everything a person could operate on the page: visible, not covered,
 * including open shadow roots and same-origin iframes. Every layout read happens before the
 * one write (the highlight boxes), so the browser lays the page out once.
 */
export function takeSnapshot(doc: Document, options: SnapshotOptions = {}): Snapshot {
  const viewportOnly = options.viewportOnly ?? false;
  const labelsOf = createLabelLookup();
  const usable = withOverlayHidden(() => {
    const layers = createLayerLookup();
    const scripted = createScriptedRole();
    const how: Walk = { viewportOnly, scripted, scopes: createScopeLookup(scripted) };
    const candidates = collect(doc, how);
    if (viewportOnly) candidates.push(...inLayers(doc, layers, candidates, how));
    return candidates.filter(
      (c) => !mayBeCovered(c.el, c.rect, c.frame, layers) || coveringElement(c.el, c.rect, c.frame, labelsOf) === null,
    );
  });
  const listed = usable.map((c) => ({ el: c.el, role: c.role }));
  const { id, isNew } = record(listed);
  const { text, shown } = formatPart(listed, isNew, 0, options.maxChars, labelsOf);
  if (options.highlight) drawHighlights(doc, onScreenBoxes(usable.slice(0, shown)));
  return { id, text, count: listed.length, truncated: shown < listed.length };
}

/**
 * In viewport mode, what the positional skips miss: the contents of layers on screen (a fixed
 * header, a modal, a dropdown) whose place in the document is in a skipped subtree.
 */
function inLayers(doc: Document, layers: LayerLookup, found: Candidate[], how: Walk): Candidate[] {
  const frame = topFrame(doc);
  const seen = new Set(found.map((c) => c.el));
  const more: Candidate[] = [];
  for (const layer of layers(doc)) {
    if (layer.pseudo || !intersects(layer.rect, frame)) continue;
    for (const c of collectWithin(layer.el, frame, how)) {
      if (!seen.has(c.el)) more.push(c);
      seen.add(c.el);
    }
  }
  return more;
}

function onScreenBoxes(candidates: Candidate[]) {
  const boxes = [];
  for (let i = 0; i < candidates.length; i++) {
    const { rect, frame } = candidates[i] as Candidate;
    if (!intersects(rect, frame)) continue;
    boxes.push({
      box: { left: rect.left + frame.dx, top: rect.top + frame.dy, width: rect.width, height: rect.height },
      label: String(i + 1),
    });
  }
  return boxes;
}
