import * as v from 'valibot';
import { PermissionDecision, Settings } from './common';
import { bare, message, nonEmptyText, type MessageOf } from './envelope';

/** Messages a sidebar sends over its `sidebar` port, by the spec's names. */
export const SidebarToBackground = {
  CHAT_MESSAGE: message('CHAT_MESSAGE', v.strictObject({ content: nonEmptyText(100_000) })),
  SUMMARIZE_PAGE: bare('SUMMARIZE_PAGE'),
  START_VOICE: bare('START_VOICE'),
  STOP_VOICE: bare('STOP_VOICE'),
  START_SPEECH_RECOGNITION: bare('START_SPEECH_RECOGNITION'),
  STOP_SPEECH_RECOGNITION: bare('STOP_SPEECH_RECOGNITION'),
  TEST_CONNECTION: message('TEST_CONNECTION', Settings),
  PERMISSION_RESPONSE: message(
    'PERMISSION_RESPONSE',
    v.strictObject({ requestId: nonEmptyText(100), decision: PermissionDecision }),
  ),
  SAVE_SETTINGS: message('SAVE_SETTINGS', Settings),
  GET_SETTINGS: bare('GET_SETTINGS'),
  START_WORKFLOW: message('START_WORKFLOW', v.strictObject({ intent: nonEmptyText(10_000) })),
  CANCEL_WORKFLOW: bare('CANCEL_WORKFLOW'),
  CLEAR_HISTORY: bare('CLEAR_HISTORY'),
  /** Addition: abort the answer being generated, keeping what has arrived. */
  STOP_CHAT: bare('STOP_CHAT'),
};

export type SidebarToBackground = MessageOf<typeof SidebarToBackground>;
