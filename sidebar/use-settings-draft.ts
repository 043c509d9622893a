import { useSignal, type Signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { PROVIDER_INFO } from '../src/llm/providers';
import type { TestResult } from '../src/llm/test-connection';
import { PROVIDERS, type Provider, type Settings } from '../src/protocol/common';
import type { Limits } from '../src/protocol/limits';
import {
  check,
  offeredModels,
  pickModel,
  type DetectedOllama,
  type Draft,
  type FieldErrors,
  type ModelList,
} from './settings-draft';
import {
  checkPage,
  hasErrors,
  NO_ERRORS,
  stillWrongOnPage,
  toPageDraft,
  unsaved,
  type LimitKey,
  type PageDraft,
  type PageErrors,
} from './settings-page-draft';
import type { VoiceDraft } from './voice-draft';

export interface SettingsDraftInput {
  saved: Settings | null;
  limits: Limits | null;
  /** The person's edits, held outside the page so they survive leaving Settings and coming back; null: none. */
  edits: Signal<PageDraft | null>;
  errors: Signal<PageErrors>;
  testResult: TestResult | 'testing' | null;
  ollama: DetectedOllama;
  modelList: ModelList;
  onEdit?(): void;
}

/** The Settings page's state: one draft across its sections, its field errors, and the edits a person makes. */
export function useSettingsDraft(input: SettingsDraftInput) {
  const { saved, limits, edits, errors, testResult, ollama, modelList, onEdit } = input;
  // A model the person typed stays when the provider changes; one Bosun filled in moves along.
  const typedModel = useSignal(false);
  /** The model Bosun picked from the list the last test returned, said once. */
  const picked = useSignal<string | null>(null);
  const current = () => edits.value ?? toPageDraft(saved, limits);
  const change = (next: PageDraft) => {
    edits.value = next;
    if (hasErrors(errors.value)) errors.value = stillWrongOnPage(errors.value, next);
  };
  const update = (c: Partial<Draft>) => change({ ...current(), connection: { ...current().connection, ...c } });
  const set = (c: Partial<Draft>) => {
    update(c);
    picked.value = null;
    onEdit?.();
  };
  usePickFromTest(current, picked, update, { testResult, ollama, modelList });
  const page = current();
  const chooseProvider = (provider: Provider) =>
    set(providerChange(page.connection, provider, typedModel.value, modelList, ollama));
  const typeModel = (model: string) => {
    typedModel.value = true;
    set({ model });
  };
  const setVoice = (c: Partial<VoiceDraft>) => change({ ...current(), voice: { ...current().voice, ...c } });
  const setLimit = (key: LimitKey, value: string) => {
    const limitsDraft = current().limits;
    if (limitsDraft) change({ ...current(), limits: { ...limitsDraft, [key]: value } });
  };
  const setPlanFirst = (planFirst: boolean) => change({ ...current(), planFirst });
  const setAgentsMayConnect = (agentsMayConnect: boolean) => change({ ...current(), agentsMayConnect });
  const setAgentContainer = (agentContainer: string) => change({ ...current(), agentContainer });
  return {
    draft: page.connection,
    page,
    errors: errors.value,
    unsaved: unsaved(edits.value, saved, limits),
    picked: picked.value,
    models: offeredModels(page.connection, modelList, ollama),
    set,
    chooseProvider,
    typeModel,
    setVoice,
    setLimit,
    setPlanFirst,
    setAgentsMayConnect,
    setAgentContainer,
    ...submits(current, errors),
  };
}

/** Save checks the whole page; Test connection checks the connection only. */
function submits(current: () => PageDraft, errors: Signal<PageErrors>) {
  return {
    /** One Save: every section checked together, nothing sent while any field is wrong. */
    save: (action: (settings: Settings, limits: Limits | null) => void) => (event?: Event) => {
      event?.preventDefault();
      const result = checkPage(current());
      if ('errors' in result) {
        errors.value = result.errors;
        // After the errors are drawn: the first wrong field takes the focus, so it is on screen.
        setTimeout(() => document.querySelector<HTMLElement>('.settings-page [aria-invalid="true"]')?.focus(), 0);
        return;
      }
      errors.value = NO_ERRORS;
      action(result.settings, result.limits);
    },
    /** Test connection checks the connection only; with no model yet it is how the person gets the list. */
    test: (action: (settings: Settings) => void) => () => {
      const connection = current().connection;
      const listOnly = connection.model.trim() === '';
      const result = check(listOnly ? { ...connection, model: '-' } : connection);
      const connectionErrors: FieldErrors = 'errors' in result ? result.errors : {};
      errors.value = { ...errors.value, connection: connectionErrors };
      if ('settings' in result) action(listOnly ? { ...result.settings, model: '' } : result.settings);
    },
  };
}

/** A test that listed the models and found the chosen one missing (or none chosen) picks one from the list. */
function usePickFromTest(
  current: () => PageDraft,
  picked: Signal<string | null>,
  update: (change: Partial<Draft>) => void,
  { testResult, ollama, modelList }: Pick<SettingsDraftInput, 'testResult' | 'ollama' | 'modelList'>,
) {
  useEffect(() => {
    if (testResult === null || testResult === 'testing' || !testResult.models?.length) return;
    const draft = current().connection;
    const listed = offeredModels(draft, modelList, ollama);
    if (listed.length === 0 || listed.includes(draft.model)) return;
    if (testResult.success && draft.model !== '') return;
    const model = pickModel(draft.provider, listed);
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
