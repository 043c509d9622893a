import { describe, expect, it, vi } from 'vitest';
import { createActions } from '../../sidebar/actions';
import type { Connector } from '../../sidebar/connector';
import type { Handlers, Inbox, StateTypes } from '../../sidebar/inbox';
import { statePart } from '../../sidebar/state-inbox';
import { createSidebarState } from '../../sidebar/state';
import { sidebarWithInbox } from './support/sidebar-inbox';

describe('the sidebar inbox', () => {
  it('routes a refusal to the domain whose request it answers; the Research view shows its own', async () => {
    const sidebar = sidebarWithInbox();
    sidebar.workflow.planning.value = 'wf_1';
    sidebar.testResult.value = 'testing';
    await sidebar.voiceController.start();
    expect(sidebar.voice.value.phase).toBe('starting');
    expect(sidebar.sent).toHaveBeenLastCalledWith({ type: 'START_VOICE' });

    sidebar.apply({ type: 'ERROR', payload: { error: 'Voice needs an OpenAI key.', inReplyTo: 'START_VOICE' } });
    expect([sidebar.voice.value.phase, sidebar.notice.value]).toEqual(['idle', 'Voice needs an OpenAI key.']);
    expect([sidebar.workflow.planning.value, sidebar.testResult.value]).toEqual(['wf_1', 'testing']);

    sidebar.notice.value = null;
    sidebar.apply({ type: 'ERROR', payload: { error: 'No plan.', inReplyTo: 'START_WORKFLOW' } });
    const after = [sidebar.workflow.planning.value, sidebar.testResult.value, sidebar.notice.value];
    expect(after).toEqual([null, 'testing', null]);
    expect(sidebar.workflow.error.value).toBe('No plan.');
  });

  it('a refusal of another request, of no readable type or of an inherited name changes only the notice', () => {
    const sidebar = sidebarWithInbox();
    sidebar.workflow.planning.value = 'wf_1';
    sidebar.testResult.value = 'testing';
    for (const inReplyTo of [null, 'CHAT_MESSAGE', 'toString', '__proto__', 'constructor']) {
      sidebar.apply({ type: 'ERROR', payload: { error: `refused ${inReplyTo}`, inReplyTo } });
      expect(sidebar.notice.value).toBe(`refused ${inReplyTo}`);
    }
    const after = [sidebar.workflow.planning.value, sidebar.testResult.value, sidebar.voice.value.phase];
    expect(after).toEqual(['wf_1', 'testing', 'idle']);
  });

  it('a refused message goes back in the box, unless the person has typed another; a taken one does not', async () => {
    const sidebar = sidebarWithInbox();
    const send = vi.fn();
    const actions = createActions({ send } as unknown as Connector, sidebar, async () => 7);
    const refuse = () =>
      sidebar.apply({ type: 'ERROR', payload: { error: 'Bosun is busy.', inReplyTo: 'CHAT_MESSAGE' } });

    actions.send('Add it to my cart');
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    refuse();
    expect([sidebar.draft.value, sidebar.notice.value]).toEqual(['Add it to my cart', 'Bosun is busy.']);

    actions.send('Compare the prices');
    sidebar.draft.value = 'Something new';
    refuse();
    expect(sidebar.draft.value).toBe('Something new');

    sidebar.draft.value = '';
    actions.send('Read the reviews');
    const message = {
      id: 'm1',
      createdAt: '2026-11-26T14:00:00Z',
      role: 'user',
      content: 'Read the reviews',
      status: 'done',
    } as const;
    sidebar.apply({ type: 'MESSAGE_ADDED', payload: { message } });
    refuse();
    expect(sidebar.draft.value).toBe('');
  });

  it("a call's Action Log entry, sent again with its outcome, replaces the one shown as running", () => {
    const sidebar = sidebarWithInbox();
    const entry = {
      id: 'log-1',
      timestamp: 1,
      toolName: 'click_element',
      parameters: {},
      site: 'example.com',
      permissionLevel: 'interact' as const,
      decision: 'auto-approved',
      result: 'running',
    };
    sidebar.apply({ type: 'ACTION_LOG_UPDATE', payload: entry });
    sidebar.apply({ type: 'ACTION_LOG_UPDATE', payload: { ...entry, id: 'log-2' } });
    sidebar.apply({ type: 'ACTION_LOG_UPDATE', payload: { ...entry, result: 'success' } });
    expect(sidebar.log.value.map((e) => `${e.id} ${e.result}`)).toEqual(['log-1 success', 'log-2 running']);
  });

  it('saves the exports the background sends as files', () => {
    const sidebar = sidebarWithInbox();
    const conversation = { id: 'c1', format: 'json', fileName: 'chat.json', content: '{}' } as const;
    sidebar.apply({ type: 'CONVERSATION_EXPORT', payload: conversation });
    sidebar.apply({ type: 'CRAWL_JOB_EXPORT', payload: { jobId: 'j1', fileName: 'job.zip', base64: btoa('PK') } });
    expect(sidebar.download.mock.calls).toEqual([
      ['chat.json', '{}', 'application/json'],
      ['job.zip', new Uint8Array([0x50, 0x4b]), 'application/zip'],
    ]);
  });

  it('voice events reach the voice controller: a transcript lands in the input box', async () => {
    const sidebar = sidebarWithInbox();
    sidebar.apply({ type: 'VOICE_RESULT', payload: { transcript: 'find me a hoodie', isFinal: true } });
    expect(sidebar.draft.value).toContain('find me a hoodie');
  });

  it('is exhaustive by type: a table without a handler for one message type is not an inbox', () => {
    const { handlers } = statePart(createSidebarState());
    const { SETTINGS: _settings, ...withoutSettings } = handlers;
    // @ts-expect-error SETTINGS has no handler, so this is not the state's part of the inbox.
    const incomplete: Handlers<StateTypes> = withoutSettings;
    // @ts-expect-error the state's part alone leaves voice, exports and ERROR unhandled.
    const partial: Inbox = handlers;
    expect(Object.keys(incomplete)).not.toContain('SETTINGS');
    expect(Object.keys(partial)).toContain('SETTINGS');
  });
});
