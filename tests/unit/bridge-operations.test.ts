import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BRIDGE_OPERATIONS, bridgeOperation, NATIVE_TOOLS } from '../../src/abp/bridge-operations';
import { AbpToBackground } from '../../src/protocol/abp-to-background';

const authorize = (payload: Record<string, unknown>) =>
  v.safeParse(AbpToBackground.ABP_AUTHORIZE, {
    type: 'ABP_AUTHORIZE',
    payload: { requestId: 'r1', url: 'https://mail.example/', ...payload },
  }).success;

describe("the bridge's native tools, each declared once", () => {
  it('judges an operation at the level its declaration gives, whoever names it', () => {
    expect(bridgeOperation('browser_navigate.open')).toEqual({ name: 'browser_navigate', level: 'navigate' });
    expect(bridgeOperation('browser_back.go')).toEqual({ name: 'browser_back', level: 'navigate' });
    expect(bridgeOperation('browser_cookies.read')).toEqual({ name: 'browser_cookies', level: 'read-only' });
    expect(bridgeOperation('browser_cookies.write')).toEqual({ name: 'browser_cookies', level: 'submit' });
    expect(bridgeOperation('browser_eval.run')).toEqual({ name: 'browser_eval', level: 'submit' });
    expect(bridgeOperation('browser_handle_dialog.commit').level).toBe('submit');
    expect(BRIDGE_OPERATIONS).toHaveLength(
      Object.values(NATIVE_TOOLS).reduce((n, tool) => n + Object.keys(tool.operations).length, 0),
    );
  });

  it('ABP_AUTHORIZE names an operation: an unknown one, or a level the caller writes, is refused', () => {
    expect(authorize({ operation: 'browser_eval.run', summary: 'Run a script' })).toBe(true);
    expect(authorize({ operation: 'browser_eval.peek' })).toBe(false);
    expect(authorize({ operation: 'browser_eval.run', level: 'read-only' })).toBe(false);
    expect(authorize({ tool: 'browser_eval', level: 'read-only' })).toBe(false);
  });
});
