import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Refusal } from '../../src/messaging/refusal';

// Chrome's answer about the debugger permission, as the test sets it.
const permissions = { held: false, contains: vi.fn(), remove: vi.fn() };
vi.mock('../../src/platform/browser', async (original) => ({
  ...(await original<typeof import('../../src/platform/browser')>()),
  browser: {
    i18n: { getMessage: (key: string) => key },
    permissions: {
      contains: (...args: unknown[]) => (permissions.contains(...args), Promise.resolve(permissions.held)),
      remove: (...args: unknown[]) => (permissions.remove(...args), Promise.resolve(true)),
    },
  },
}));
const { createTrustedInputSetting } = await import('../../background/trusted/trusted-input-setting');

function store(stored: boolean) {
  const saved: boolean[] = [];
  return {
    saved,
    store: {
      loadTrustedInput: () => Promise.resolve(stored),
      saveTrustedInput: (on: boolean) => (saved.push(on), Promise.resolve()),
    } as never,
  };
}

describe('the Trusted input setting follows the permission Chrome holds', () => {
  beforeEach(() => {
    permissions.held = false;
    permissions.contains.mockClear();
    permissions.remove.mockClear();
  });

  it('loads as off when the permission was removed on the extensions page, and stores that', async () => {
    const { store: s, saved } = store(true);
    const changed = vi.fn();
    const setting = createTrustedInputSetting(s, changed);
    await setting.load();
    expect(setting.state()).toEqual({ available: true, on: false });
    expect(saved).toEqual([false]);
    expect(changed).toHaveBeenCalledWith({ available: true, on: false });
  });

  it('loads as on when stored on and still held; is active until the permission goes', async () => {
    permissions.held = true;
    const { store: s } = store(true);
    const setting = createTrustedInputSetting(s, vi.fn());
    await setting.load();
    expect(setting.state().on).toBe(true);
    expect(await setting.active()).toBe(true);
    permissions.held = false;
    await setting.permissionRemoved();
    expect(setting.state().on).toBe(false);
    expect(await setting.active()).toBe(false);
  });

  it('refuses to turn on without the permission, and changes nothing', async () => {
    const { store: s, saved } = store(false);
    const setting = createTrustedInputSetting(s, vi.fn());
    await setting.load();
    expect(await setting.set(true)).toEqual(new Refusal('trusted_input_not_granted'));
    expect(saved).toEqual([]);
    expect(setting.state().on).toBe(false);
  });

  it('turns on with the permission held, and off by giving the permission back', async () => {
    permissions.held = true;
    const { store: s, saved } = store(false);
    const setting = createTrustedInputSetting(s, vi.fn());
    await setting.load();
    expect(await setting.set(true)).toBeUndefined();
    expect(setting.state().on).toBe(true);
    expect(await setting.set(false)).toBeUndefined();
    expect(permissions.remove).toHaveBeenCalledWith({ permissions: ['debugger'] });
    expect(saved).toEqual([true, false]);
    expect(setting.state().on).toBe(false);
  });
});
