import { signal } from '@preact/signals';
import type { ComponentProps, ComponentType } from 'preact';

/**
 * The views a person opens by choice, each a chunk of its own loaded the first time it is shown,
 * so the panel opens on the chat without them.
 */
const IMPORTS = {
  history: () => import('./components/HistoryView').then((module) => module.HistoryView),
  library: () => import('./components/LibraryView').then((module) => module.LibraryView),
  research: () => import('./components/WorkflowView').then((module) => module.WorkflowView),
  permissions: () => import('./components/PermissionsView').then((module) => module.PermissionsView),
  log: () => import('./components/ActionLogView').then((module) => module.ActionLogView),
  // The first run's form too: it shows only until a provider is saved.
  settings: () => import('./components/SettingsPage').then((module) => module.SettingsPage),
};

export type LazyViewName = keyof typeof IMPORTS;
/** The props of a lazy view's component. */
export type LazyViewProps<K extends LazyViewName> = ComponentProps<Awaited<ReturnType<(typeof IMPORTS)[K]>>>;
/** Where loading a view is: the component once it has arrived, or why it could not. */
export type ViewLoad<K extends LazyViewName> =
  | { status: 'loading' }
  | { status: 'ready'; view: ComponentType<LazyViewProps<K>> }
  | { status: 'failed'; error: string };

const loads = signal<Partial<Record<LazyViewName, ViewLoad<LazyViewName>>>>({});
const started = new Set<LazyViewName>();

function load(name: LazyViewName): void {
  started.add(name);
  IMPORTS[name]().then(
    (view) => (loads.value = { ...loads.value, [name]: { status: 'ready', view: view as ComponentType<never> } }),
    (error: unknown) => {
      // Loading again is a new attempt (the person's Try again); the error stays shown until then.
      started.delete(name);
      const text = error instanceof Error ? error.message : String(error);
      loads.value = { ...loads.value, [name]: { status: 'failed', error: text } };
    },
  );
}

/**
 * Where loading `name` is, starting it on first use; reading it in a component re-renders that
 * component when the view arrives or fails.
 */
export function viewLoad<K extends LazyViewName>(name: K): ViewLoad<K> {
  const current = loads.value[name] as ViewLoad<K> | undefined;
  if (current === undefined && !started.has(name)) load(name);
  return current ?? { status: 'loading' };
}

/** A new attempt after a failed load (a chunk the browser could not read, an update replacing the files). */
export function retryView(name: LazyViewName): void {
  if (started.has(name)) return;
  loads.value = { ...loads.value, [name]: { status: 'loading' } };
  load(name);
}
