import type { PermissionPrompt } from '../state';
import { t } from '../../src/i18n';

const YES = new Set([
  'yes',
  'yeah',
  'yep',
  'allow',
  'allow it',
  'allow once',
  'approve',
  'approved',
  'confirm',
  'confirmed',
  'go ahead',
  'ok',
  'okay',
  'do it',
]);
const NO = new Set(['no', 'nope', 'deny', 'denied', 'don’t', "don't", 'stop', 'cancel', 'do not']);

type SpokenAnswer =
  | { kind: 'answer'; decision: 'allow-once' | 'deny' }
  /** A spoken yes to a critical action while spoken approval of those is off: the person must press Allow. */
  | { kind: 'refused'; reason: string }
  /** Not an answer: the transcript is an ordinary message. */
  | { kind: 'none' };

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[.!?,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * What a transcript means while a permission question is open. Only a short, whole-phrase yes or
 * no counts ("yes, but check the price first" is a message), a yes only ever allows once, and a
 * critical action (payment, deletion, password…) is never approved by voice unless the person
 * turned that on in Settings → Voice. A spoken no is always taken: refusing is safe.
 */
export function spokenAnswer(transcript: string, prompt: PermissionPrompt, approveCritical: boolean): SpokenAnswer {
  const said = normalise(transcript);
  if (NO.has(said)) return { kind: 'answer', decision: 'deny' };
  if (!YES.has(said)) return { kind: 'none' };
  // Carrying one site's text to another is as critical as a purchase: the person reads what would leave.
  const critical = prompt.critical ?? (prompt.dataFlow?.length ? t('voice_data_flow') : undefined);
  if (critical && !approveCritical) {
    return { kind: 'refused', reason: t('voice_spoken_refused', critical) };
  }
  return { kind: 'answer', decision: 'allow-once' };
}
