import { describe, expect, it } from 'vitest';
import { isFirstInstall } from '../../background/browser-setup/welcome';

describe('when the welcome page opens', () => {
  it('on a first install only: not on an update or reload of Bosun, nor on an update of the browser', () => {
    expect(isFirstInstall({ reason: 'install' })).toBe(true);
    for (const reason of ['update', 'browser_update', 'chrome_update', 'shared_module_update']) {
      expect(isFirstInstall({ reason }), reason).toBe(false);
    }
  });
});
