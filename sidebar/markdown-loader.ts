import { signal } from '@preact/signals';
import type { renderMarkdown } from './markdown';

type Render = typeof renderMarkdown;

const renderer = signal<Render | null>(null);
let loading: Promise<Render> | null = null;

/**
 * The markdown renderer (marked and DOMPurify, a third of the panel's code) is a chunk of its
 * own, loaded when the first answer is shown, so the panel opens without it.
 */
export function loadMarkdownRenderer(): Promise<Render> {
  loading ??= import('./markdown').then(({ renderMarkdown }) => (renderer.value = renderMarkdown));
  return loading;
}

/** The renderer once loaded, else null (and it starts loading); reading it in a component re-renders it on arrival. */
export function markdownRenderer(): Render | null {
  if (renderer.value === null) void loadMarkdownRenderer();
  return renderer.value;
}
