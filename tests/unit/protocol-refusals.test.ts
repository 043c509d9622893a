// What the sidebar may send the background is refused when malformed, before any handler sees it.
import { describe, expect, it } from 'vitest';
import { MAX_AUDIO_BYTES, SidebarToBackground } from '../../src/protocol/sidebar-to-background';
import { valid } from './support/protocol-valid';

describe('malformed messages are refused', () => {
  const bad: [string, unknown][] = [
    ['empty chat content', { type: 'CHAT_MESSAGE', payload: { content: '   ' } }],
    ['chat content of the wrong type', { type: 'CHAT_MESSAGE', payload: { content: 42 } }],
    ['chat without payload', { type: 'CHAT_MESSAGE' }],
    ['an approval that keeps no step', { type: 'APPROVE_WORKFLOW', payload: { id: 'wf_1', stepIds: [] } }],
    [
      'an approval that lists a step twice',
      { type: 'APPROVE_WORKFLOW', payload: { id: 'wf_1', stepIds: ['s1', 's1'] } },
    ],
    [
      'an approval that changes a step twice',
      {
        type: 'APPROVE_WORKFLOW',
        payload: {
          id: 'wf_1',
          stepIds: ['s1'],
          edits: [
            { stepId: 's1', task: 'a', site: 'https://a.example' },
            { stepId: 's1', task: 'b', site: 'https://b.example' },
          ],
        },
      },
    ],
    [
      'an approval whose change has no site',
      { type: 'APPROVE_WORKFLOW', payload: { id: 'wf_1', stepIds: ['s1'], edits: [{ stepId: 's1', task: 'a' }] } },
    ],
    [
      'a parameter with a name that is not a {{name}}',
      {
        type: 'SAVE_WORKFLOW',
        payload: { id: 'wf_1', name: 'Prices', parameters: [{ name: 'Product Name', value: 'x' }] },
      },
    ],
    [
      'a parameter named twice',
      {
        type: 'SAVE_WORKFLOW',
        payload: {
          id: 'wf_1',
          name: 'Prices',
          parameters: [
            { name: 'p', value: 'x' },
            { name: 'p', value: 'y' },
          ],
        },
      },
    ],
    ['an empty workflow intent', { type: 'START_WORKFLOW', payload: { intent: ' ' } }],
    ['a cancel that names no research run', { type: 'CANCEL_WORKFLOW' }],
    ['a cancel of an empty run id', { type: 'CANCEL_WORKFLOW', payload: { id: '' } }],
    ['a planning id too long', { type: 'START_WORKFLOW', payload: { id: 'x'.repeat(101), intent: 'Compare prices' } }],
    ['oversized chat content', { type: 'CHAT_MESSAGE', payload: { content: 'x'.repeat(100_001) } }],
    ['a misspelt payload field', { type: 'CHAT_MESSAGE', payload: { content: 'hi', contnet: 'hi' } }],
    [
      'an unknown provider',
      { type: 'SAVE_SETTINGS', payload: { provider: 'acme', model: 'm', apiKey: '', baseUrl: 'https://a.example/v1' } },
    ],
    [
      'a base URL that is not http',
      {
        type: 'SAVE_SETTINGS',
        payload: { provider: 'openai', model: 'm', apiKey: '', baseUrl: 'javascript:alert(1)' },
      },
    ],
    [
      'an unparsable base URL',
      { type: 'SAVE_SETTINGS', payload: { provider: 'openai', model: 'm', apiKey: '', baseUrl: 'not a url' } },
    ],
    [
      'a settings field missing',
      { type: 'SAVE_SETTINGS', payload: { provider: 'openai', apiKey: '', baseUrl: 'https://a.example/v1' } },
    ],
    ['an unknown decision', { type: 'PERMISSION_RESPONSE', payload: { requestId: 'p', decision: 'allow-forever' } }],
    [
      'a plan approved with a level that does not exist',
      {
        type: 'PLAN_RESPONSE',
        payload: {
          requestId: 'plan_1',
          answer: { kind: 'go', plan: { summary: 's', steps: [{ does: 'd', site: 'a.example', level: 'admin' }] } },
        },
      },
    ],
    [
      'a plan answer of an unknown kind',
      { type: 'PLAN_RESPONSE', payload: { requestId: 'plan_1', answer: { kind: 'yes' } } },
    ],
    ['a crawl deleted without naming it', { type: 'DELETE_CRAWL_JOB', payload: { jobId: ' ' } }],
    ['a crawl cancelled by a number', { type: 'CANCEL_CRAWL_JOB', payload: { jobId: 7 } }],
    [
      'a resume with settings the view cannot send',
      { type: 'RESUME_CRAWL_JOB', payload: { jobId: 'j', pageLimit: 9 } },
    ],
    ['an oversized crawl id to list', { type: 'LIST_CRAWL_PAGES', payload: { jobId: 'x'.repeat(201) } }],
  ];
  it.each(bad)('%s', (_name, message) => {
    expect(valid(SidebarToBackground, message as { type: string })).toBe(false);
  });
  it('voice audio must be base64 audio', () => {
    expect(
      valid(SidebarToBackground, { type: 'VOICE_AUDIO', payload: { audio: 'UklGRg==', mimeType: 'audio/webm' } }),
    ).toBe(true);
    expect(
      valid(SidebarToBackground, { type: 'VOICE_AUDIO', payload: { audio: 'not base64!', mimeType: 'audio/webm' } }),
    ).toBe(false);
    expect(
      valid(SidebarToBackground, { type: 'VOICE_AUDIO', payload: { audio: 'UklGRg==', mimeType: 'text/html' } }),
    ).toBe(false);
    expect(valid(SidebarToBackground, { type: 'VOICE_AUDIO', payload: { audio: '', mimeType: 'audio/webm' } })).toBe(
      false,
    );
    // The largest upload passes quickly; one byte of base64 more is refused.
    const largest = 'A'.repeat(Math.ceil(MAX_AUDIO_BYTES / 3) * 4);
    expect(
      valid(SidebarToBackground, { type: 'VOICE_AUDIO', payload: { audio: largest, mimeType: 'audio/webm' } }),
    ).toBe(true);
    expect(
      valid(SidebarToBackground, { type: 'VOICE_AUDIO', payload: { audio: `${largest}AAAA`, mimeType: 'audio/webm' } }),
    ).toBe(false);
  });
});
