import { useSignal, type Signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { PROVIDER_INFO } from '../src/llm/providers';
import type { TestResult } from '../src/llm/test-connection';
import { PROVIDERS, type Provider, type Settings } from '../src/protocol/common';
import {
  check,
  defaults,
  offeredModels,
  pickModel,
  stillWrong,
  toDraft,
  type DetectedOllama,
  type Draft,
  type FieldErrors,
  type ModelList,
} from './settings-draft';

export interface SettingsDraftInput {
  saved: Settings | null;
  testResult: TestResult | 'testing' | null;
  ollama: DetectedOllama;
  modelList: ModelList;
  onEdit?(): void;
}

/** The settings form's state: the draft, its field errors, and the edits a person (or a test result) makes. */
export function useSettingsDraft({ saved, testResult, ollama, modelList, onEdit }: SettingsDraftInput) {
  const draft = useSignal<Draft>(saved ? toDraft(saved) : defaults);
  const errors = useSignal<FieldErrors>({});
  // A model the person typed stays when the provider changes; one Bosun filled in moves along.
  const typedModel = useSignal(false);
  /** The model Bosun picked from the list the last test returned, said once. */
  const picked = useSignal<string | null>(null);
  const update = (change: Partial<Draft>) => (draft.value = { ...draft.value, ...change });
  const set = (change: Partial<Draft>) => {
    update(change);
    if (Object.keys(errors.value).length > 0) errors.value = stillWrong(errors.value, draft.value);
    picked.value = null;
    onEdit?.();
  };
  usePickFromTest(draft, picked, update, { testResult, ollama, modelList });
  const chooseProvider = (provider: Provider) =>
    set(providerChange(draft.value, provider, typedModel.value, modelList, ollama));
  const typeModel = (model: string) => {
    typedModel.value = true;
    set({ model });
  };
  const run =
    (action: (settings: Settings) => void, modelOptional = false) =>
    (event?: Event) => {
      event?.preventDefault();
      // Test connection with no model yet is how the person gets the list to pick one from.
      const listOnly = modelOptional && draft.value.model.trim() === '';
      const result = check(listOnly ? { ...draft.value, model: '-' } : draft.value);
      if ('errors' in result) {
        errors.value = result.errors;
        return;
      }
      errors.value = {};
      action(listOnly ? { ...result.settings, model: '' } : result.settings);
    };
  const models = offeredModels(draft.value, modelList, ollama);
  return {
    draft: draft.value,
    errors: errors.value,
    picked: picked.value,
    models,
    set,
    chooseProvider,
    typeModel,
    run,
  };
}

/** A test that listed the models and found the chosen one missing (or none chosen) picks one from the list. */
function usePickFromTest(
  draft: Signal<Draft>,
  picked: Signal<string | null>,
  update: (change: Partial<Draft>) => void,
  { testResult, ollama, modelList }: Pick<SettingsDraftInput, 'testResult' | 'ollama' | 'modelList'>,
) {
  useEffect(() => {
    if (testResult === null || testResult === 'testing' || !testResult.models?.length) return;
    const listed = offeredModels(draft.value, modelList, ollama);
    if (listed.length === 0 || listed.includes(draft.value.model)) return;
    if (testResult.success && draft.value.model !== '') return;
    const model = pickModel(draft.value.provider, listed);
    update({ model });
    picked.value = model;
  }, [testResult, modelList]);
}

/** Switching provider moves the base URL along, unless the person typed their own, and the model too. */
function providerChange(
  draft: Draft,
  provider: Provider,
  typedModel: boolean,
  modelList: ModelList,
  ollama: DetectedOllama,
): Partial<Draft> {
  const wasDefault = PROVIDERS.some((p) => PROVIDER_INFO[p].defaultBaseUrl === draft.baseUrl);
  const baseUrl = wasDefault || !draft.baseUrl ? PROVIDER_INFO[provider].defaultBaseUrl : draft.baseUrl;
  if (typedModel) return { provider, baseUrl };
  const known = offeredModels({ ...draft, provider, baseUrl }, modelList, ollama);
  return {
    provider,
    baseUrl,
    model: known.length > 0 ? pickModel(provider, known) : PROVIDER_INFO[provider].defaultModel,
  };
}
