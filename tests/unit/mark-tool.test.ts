import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { parseCall, toolSpecs, TOOLS } from '../../background/tools/registry';
import { BackgroundToContent } from '../../src/protocol/background-to-content';

describe('mark_element, for drivers outside Bosun', () => {
  it('is judged as reading and is not offered to the chat’s model', () => {
    expect(TOOLS.get('mark_element')?.level).toBe('read-only');
    const offered = toolSpecs().map((spec) => spec.name);
    expect(offered).toContain('hover');
    expect(offered).not.toContain('mark_element');
    expect(parseCall('mark_element', { index: 3, mark: 'bridge-1a2b' })).toMatchObject({ ok: true });
  });

  it('takes only a short plain mark (letters, digits, -)', () => {
    for (const mark of ['"] body [x="', 'UPPER', '', 'a'.repeat(65)])
      expect(parseCall('mark_element', { index: 3, mark })).toMatchObject({ ok: false });
    const request = (mark: string) =>
      v.safeParse(BackgroundToContent.MARK_ELEMENT, {
        type: 'MARK_ELEMENT',
        payload: { index: 1, snapshotId: 's1', mark },
      }).success;
    expect(request('bridge-1a2b')).toBe(true);
    expect(request('x"]')).toBe(false);
  });
});
