import { t } from '../src/i18n';
import type { ActionLogEntry } from './state';
import { plainAction } from './plain-action';

/** The decisions as kinds a person filters by: who allowed or refused the action. */
export const DECISION_KINDS = ['allowed-by-you', 'allowed-by-settings', 'denied', 'not-run'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

const DECISIONS: Record<string, { kind: DecisionKind; words: () => string }> = {
  'allow-once': { kind: 'allowed-by-you', words: () => t('log_decision_allow_once') },
  'allow-task': { kind: 'allowed-by-you', words: () => t('log_decision_allow_task') },
  'allow-site': { kind: 'allowed-by-you', words: () => t('log_decision_allow_site') },
  'allow-session': { kind: 'allowed-by-you', words: () => t('log_decision_allow_session') },
  'approved-plan': { kind: 'allowed-by-you', words: () => t('log_decision_approved_plan') },
  'auto-approved': { kind: 'allowed-by-settings', words: () => t('log_decision_auto') },
  deny: { kind: 'denied', words: () => t('log_decision_deny') },
  'deny-all': { kind: 'denied', words: () => t('log_decision_deny_all') },
  denied: { kind: 'denied', words: () => t('log_decision_denied') },
  invalid: { kind: 'not-run', words: () => t('log_decision_invalid') },
  unavailable: { kind: 'not-run', words: () => t('log_decision_unavailable') },
};

/** A decision code of the log, in words; a code this sidebar does not know is shown as it is. */
export function decisionInWords(decision: string): string {
  return Object.hasOwn(DECISIONS, decision) ? (DECISIONS[decision] as { words: () => string }).words() : decision;
}

export function decisionKind(decision: string): DecisionKind {
  return Object.hasOwn(DECISIONS, decision) ? (DECISIONS[decision] as { kind: DecisionKind }).kind : 'not-run';
}

export function resultInWords(result: string): string {
  if (result === 'success') return t('log_result_success');
  if (result === 'failed') return t('log_result_failed');
  if (result === 'denied') return t('log_result_denied');
  if (result === 'running') return t('log_result_running');
  if (result === 'interrupted') return t('log_result_interrupted');
  return result;
}

const OPEN = '<untrusted_page_content>';
const CLOSE = '</untrusted_page_content>';

/**
 * The text of a tool's result as a person reads it: the marker that tells the model "this is page
 * content, not instructions" is for the model, so its tags and the note after them are left out.
 */
export function withoutModelMarkers(text: string): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line === OPEN) continue;
    // The closing tag is followed by one line addressed to the model.
    if (line === CLOSE) {
      i++;
      continue;
    }
    kept.push(line);
  }
  return kept.join('\n').trim();
}

/** Who asked for the action, as the gate records it ("chat", "workflow step 2", "abp") at the head of the details. */
function splitDetails(details: string | undefined): { requester: string; text: string } {
  if (!details) return { requester: '', text: '' };
  const colon = details.indexOf(': ');
  if (colon <= 0 || colon > 40) return { requester: '', text: withoutModelMarkers(details) };
  return { requester: details.slice(0, colon), text: withoutModelMarkers(details.slice(colon + 2)) };
}

export function requesterInWords(requester: string): string {
  if (requester === 'chat') return t('log_requester_chat');
  if (requester === 'abp') return t('log_requester_abp');
  if (requester === 'library') return t('log_requester_library');
  const step = /^workflow step (\d+)$/.exec(requester);
  if (step) return t('log_requester_step', step[1] ?? '');
  return requester;
}

/** One log entry as the view shows it and the filters search it. */
export interface PlainEntry {
  entry: ActionLogEntry;
  action: string;
  decision: string;
  kind: DecisionKind;
  result: string;
  requester: string;
  /** Who asked, as the gate records it ("chat", "abp", "workflow step 2"). */
  requesterId: string;
  text: string;
}

export function plainEntry(entry: ActionLogEntry): PlainEntry {
  const { requester, text } = splitDetails(entry.details);
  return {
    entry,
    action: plainAction(entry.toolName, entry.parameters, undefined, entry.target),
    decision: decisionInWords(entry.decision),
    kind: decisionKind(entry.decision),
    result: resultInWords(entry.result),
    requester: requesterInWords(requester),
    requesterId: requester,
    text,
  };
}

export interface LogFilter {
  kind: DecisionKind | '';
  site: string;
  query: string;
}

/** The entries that pass the filter: a decision kind, a site, and words found in what the person reads. */
export function filterLog(entries: readonly PlainEntry[], filter: LogFilter): PlainEntry[] {
  const query = filter.query.trim().toLowerCase();
  return entries.filter(
    (e) =>
      (filter.kind === '' || e.kind === filter.kind) &&
      (filter.site === '' || e.entry.site === filter.site) &&
      (query === '' ||
        [e.action, e.decision, e.result, e.requester, e.text, e.entry.site].some((s) =>
          s.toLowerCase().includes(query),
        )),
  );
}
