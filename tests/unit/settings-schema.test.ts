import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SidebarToBackground } from '../../src/protocol/sidebar-to-background';
import { DEFAULT_VOICE, Settings, VoiceSettings, voiceOf } from '../../src/protocol/common';

describe('settings are normalised', () => {
  it('trims and drops the trailing slash of the base URL', () => {
    const parsed = v.parse(SidebarToBackground.SAVE_SETTINGS, {
      type: 'SAVE_SETTINGS',
      payload: {
        provider: 'openai',
        model: ' gpt-4o-mini ',
        apiKey: ' sk-1 ',
        baseUrl: ' https://api.openai.com/v1/ ',
      },
    });
    expect(parsed.payload).toEqual({
      provider: 'openai',
      model: 'gpt-4o-mini',
      apiKey: 'sk-1',
      baseUrl: 'https://api.openai.com/v1',
    });
  });

  it("the agent's container is a Firefox container's cookie store id, or none", () => {
    const base = { provider: 'ollama', model: 'llama3.1', apiKey: '', baseUrl: 'http://localhost:11434/v1' };
    const saves = (agentContainer: unknown) => v.safeParse(Settings, { ...base, agentContainer }).success;
    expect(saves('firefox-container-2')).toBe(true);
    expect(v.safeParse(Settings, base).success).toBe(true);
    for (const wrong of ['firefox-default', 'firefox-private', 'firefox-container-', 'container-1', '', 2])
      expect(saves(wrong)).toBe(false);
  });

  it('settings saved before voice existed still parse, and voiceOf gives the defaults', () => {
    const old = v.parse(Settings, {
      provider: 'ollama',
      model: 'llama3.1',
      apiKey: '',
      baseUrl: 'http://localhost:11434/v1',
    });
    expect(voiceOf(old)).toEqual(DEFAULT_VOICE);
    expect(v.safeParse(VoiceSettings, DEFAULT_VOICE).success).toBe(true);
  });

  it('voice settings are validated: limits, and an own transcription server needs a URL', () => {
    const voice = (change: object) => v.safeParse(VoiceSettings, { ...DEFAULT_VOICE, ...change }).success;
    expect(voice({ maxSeconds: 4 })).toBe(false);
    expect(voice({ maxSeconds: 601 })).toBe(false);
    expect(voice({ mode: 'telepathy' })).toBe(false);
    expect(voice({ transcription: { source: 'own', baseUrl: 'not a url', apiKey: '', model: 'whisper-1' } })).toBe(
      false,
    );
    expect(
      voice({ transcription: { source: 'own', baseUrl: 'https://stt.example/v1', apiKey: 'k', model: 'whisper-1' } }),
    ).toBe(true);
    expect(voice({ transcription: { source: 'chat', model: '' } })).toBe(false);
  });
});
