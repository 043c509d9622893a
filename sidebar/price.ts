import { effect, signal, type ReadonlySignal } from '@preact/signals';
import { modelPrice } from '../src/llm/pricing';
import type { ModelPrice, Settings } from '../src/protocol/common';

/** Prices already found, by provider, base URL, model and entered prices: OpenRouter's list is fetched once per model. */
const known = new Map<string, Promise<ModelPrice | null>>();

/** The price of the configured model, kept current as the settings change; null while unknown. */
export function watchPrice(settings: ReadonlySignal<Settings | null | undefined>): ReadonlySignal<ModelPrice | null> {
  const price = signal<ModelPrice | null>(null);
  effect(() => {
    const current = settings.value;
    price.value = null;
    if (!current) return;
    const key = JSON.stringify([current.provider, current.baseUrl, current.model, current.prices]);
    const pending = known.get(key) ?? modelPrice(current);
    known.set(key, pending);
    void pending.then((found) => {
      // A list that could not be read is asked for again the next time the settings change.
      if (found === null) known.delete(key);
      if (settings.peek() === current) price.value = found;
    });
  });
  return price;
}
