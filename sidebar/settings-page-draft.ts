// The Settings page's one draft: the connection, plan first, agents, voice and limits, edited together, checked
// together with the background's own schemas, and saved with one Save (nothing when any field is wrong).
import * as v from 'valibot';
import { VoiceSettings, voiceOf, type Settings } from '../src/protocol/common';
import { Limits } from '../src/protocol/limits';
import { check, defaults, toDraft, type Draft, type FieldErrors } from './settings-draft';
import { fromVoiceDraft, toVoiceDraft, type VoiceDraft } from './voice-draft';

export const LIMIT_KEYS = ['maxSteps', 'maxTokens', 'promptTimeoutSeconds'] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];
/** The limits as typed; checked as whole numbers. */
export type LimitsDraft = Record<LimitKey, string>;

export interface PageDraft {
  connection: Draft;
  planFirst: boolean;
  /** Whether AI agents on this computer may attach to this browser (off unless the person turned it on). */
  agentsMayConnect: boolean;
  /** Firefox: the container the agent's tabs open in, by cookie store id; empty for none. */
  agentContainer: string;
  voice: VoiceDraft;
  /** Null until the background has said what they are: the limits are then neither shown nor saved. */
  limits: LimitsDraft | null;
}

export type VoiceErrors = Partial<Record<'maxSeconds' | 'baseUrl' | 'apiKey' | 'model', string>>;
export type LimitErrors = Partial<Record<LimitKey, string>>;
export interface PageErrors {
  connection: FieldErrors;
  voice: VoiceErrors;
  limits: LimitErrors;
}
export const NO_ERRORS: PageErrors = { connection: {}, voice: {}, limits: {} };

/** What a wrong field needs, said as what to type (the schema's own words say only what is wrong). */
const VOICE_FIX: Record<keyof VoiceErrors, string> = {
  maxSeconds: 'Enter a whole number of seconds from 5 to 600.',
  baseUrl: 'Enter your transcription server’s address, such as https://stt.example.com/v1.',
  apiKey: 'Enter the key your transcription server gave you (up to 1,000 characters), or leave it empty.',
  model: 'Type the transcription model’s name, such as whisper-1.',
};
const LIMIT_FIX: Record<LimitKey, string> = {
  maxSteps: 'Enter a whole number of actions from 1 to 500.',
  maxTokens: 'Enter a whole number of tokens from 1,000 to 10,000,000.',
  promptTimeoutSeconds: 'Enter a whole number of seconds from 5 to 3,600.',
};

/** The page as saved: what the form shows until the person changes something. */
export function toPageDraft(saved: Settings | null, limits: Limits | null): PageDraft {
  return {
    connection: saved ? toDraft(saved) : defaults,
    planFirst: saved?.planFirst !== false,
    agentsMayConnect: saved?.agentsMayConnect === true,
    agentContainer: saved?.agentContainer ?? '',
    voice: toVoiceDraft(voiceOf(saved)),
    limits: limits ? (Object.fromEntries(LIMIT_KEYS.map((key) => [key, String(limits[key])])) as LimitsDraft) : null,
  };
}

/** True when the draft differs from what is saved: the page says so beside its Save. */
export function unsaved(draft: PageDraft | null, saved: Settings | null, limits: Limits | null): boolean {
  return draft !== null && JSON.stringify(draft) !== JSON.stringify(toPageDraft(saved, limits));
}

function checkVoice(draft: VoiceDraft): { voice: VoiceSettings } | { errors: VoiceErrors } {
  const parsed = v.safeParse(VoiceSettings, fromVoiceDraft(draft));
  if (parsed.success) return { voice: parsed.output };
  const errors: VoiceErrors = {};
  for (const issue of parsed.issues) {
    const field = (v.getDotPath(issue) ?? '').replace(/^transcription\./, '');
    if (field in VOICE_FIX) errors[field as keyof VoiceErrors] = VOICE_FIX[field as keyof VoiceErrors];
  }
  return { errors };
}

// An empty box is no number, not 0.
const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function checkLimits(draft: LimitsDraft): { limits: Limits } | { errors: LimitErrors } {
  const parsed = v.safeParse(Limits, Object.fromEntries(LIMIT_KEYS.map((key) => [key, whole(draft[key])])));
  if (parsed.success) return { limits: parsed.output };
  const errors: LimitErrors = {};
  for (const issue of parsed.issues) {
    const field = v.getDotPath(issue) as LimitKey | null;
    if (field && field in LIMIT_FIX) errors[field] = LIMIT_FIX[field];
  }
  return { errors };
}

/** Checks every section; the settings and limits to save only when every field is right. */
export function checkPage(draft: PageDraft): { settings: Settings; limits: Limits | null } | { errors: PageErrors } {
  const connection = check(draft.connection);
  const voice = checkVoice(draft.voice);
  const limits = draft.limits ? checkLimits(draft.limits) : { limits: null };
  if ('settings' in connection && 'voice' in voice && 'limits' in limits)
    return {
      settings: {
        ...connection.settings,
        voice: voice.voice,
        planFirst: draft.planFirst,
        agentsMayConnect: draft.agentsMayConnect,
        ...(draft.agentContainer ? { agentContainer: draft.agentContainer } : {}),
      },
      limits: limits.limits,
    };
  return {
    errors: {
      connection: 'errors' in connection ? connection.errors : {},
      voice: 'errors' in voice ? voice.errors : {},
      limits: 'errors' in limits ? limits.errors : {},
    },
  };
}

/** The errors shown that the draft still has: a field's error goes as soon as the field is fixed. */
export function stillWrongOnPage(shown: PageErrors, draft: PageDraft): PageErrors {
  const result = checkPage(draft);
  if (!('errors' in result)) return NO_ERRORS;
  const keep = <E extends Record<string, string | undefined>>(was: E, now: E): E =>
    Object.fromEntries(Object.keys(was).flatMap((field) => (now[field] ? [[field, now[field]]] : []))) as E;
  return {
    connection: keep(shown.connection, result.errors.connection),
    voice: keep(shown.voice, result.errors.voice),
    limits: keep(shown.limits, result.errors.limits),
  };
}

export const hasErrors = (errors: PageErrors) =>
  Object.values(errors).some((section) => Object.keys(section).length > 0);
