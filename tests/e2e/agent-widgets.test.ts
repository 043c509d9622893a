import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { answerPrompt, openOnly, shownTools, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { send } from './support/sidebar';
import { call, toolResults } from './support/scripted-turns';

/** The index a listing gives the element with this role and label, as a model would find it by reading. */
function indexByLabel(listing: string, role: string, label: string): number | null {
  const line = listing.split('\n').find((l) => l.replace(/^\*/, '').replace(/^\[\d+\]/, '') === `${role} "${label}"`);
  return line ? Number(/\[(\d+)\]/.exec(line)?.[1]) : null;
}

/**
 * Tasks the chat's agent solves on pages built the way real sites build them, with a scripted
 * model that only knows what the tools told it: it finds elements by their listed labels.
 */
describe.each(BROWSERS)('the agent on real-web pages in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, { fresh: true });
  const { site, sidebar } = ctx;

  const onlyTab = (path: string) => openOnly(ctx.session, sidebar, site.url(path));

  it('reads past the end of a long listing by heading and opens a link listed there', async () => {
    const page = await onlyTab('widgets/long.html');
    ctx.llm.respondWith((body) => {
      const results = toolResults(body);
      const last = results.at(-1) ?? '';
      if (results.length === 0) return call('read_page', {});
      if (results.length === 1) {
        // The link is not in the first part: the model follows the marker's advice, by heading.
        expect(indexByLabel(last, 'link', 'Chapter 31, page 7')).toBeNull();
        expect(last).toMatch(/more elements not listed: read_listing with from=\d+ shows them/);
        return call('read_listing', { heading: 'Chapter 31' });
      }
      if (results.length === 2) {
        const index = indexByLabel(last, 'link', 'Chapter 31, page 7');
        if (index === null) return { kind: 'text', chunks: [`Not found in: ${last.slice(0, 300)}`] };
        return call('click_element', { index });
      }
      return { kind: 'text', chunks: ['Opened page 7 of chapter 31.'] };
    });
    await send(sidebar, 'Open page 7 of chapter 31');
    expect((await answerPrompt(sidebar, 'allow-once')).level).toBe('interact');
    await waitUntilIdle(sidebar);
    expect(await shownTools(sidebar)).toEqual([
      { tool: 'read_page', outcome: 'success' },
      { tool: 'read_listing', outcome: 'success' },
      { tool: 'click_element', outcome: 'success' },
    ]);
    expect(await page.evaluate(() => document.getElementById('opened')?.textContent)).toBe('opened #c31-p7');
    expect(ctx.llm.failures).toEqual([]);
    await page.close();
  });

  it('drags a native range slider by an offset with script events, to the value under the drop point', async () => {
    const page = await onlyTab('widgets/keyboard.html');
    // From the thumb at 5 (the middle of 0-10), three tenths of the slider's width to the right: 8.
    const dx = Math.round((await page.evaluate(() => document.getElementById('brightness')!.offsetWidth)) * 0.3);
    ctx.llm.respondWith((body) => {
      const results = toolResults(body);
      if (results.length === 0) return call('read_page', {});
      if (results.length === 1) {
        const line = results[0]!.split('\n').find((l) => /slider "Brightness"/.test(l)) ?? '';
        return call('drag', { index: Number(/\[(\d+)\]/.exec(line)?.[1]), dx });
      }
      return { kind: 'text', chunks: ['Moved it.'] };
    });
    await send(sidebar, 'Turn the brightness up to 8');
    expect((await answerPrompt(sidebar, 'allow-once')).tool).toBe('drag');
    await waitUntilIdle(sidebar);
    expect(await page.evaluate(() => (document.getElementById('brightness') as HTMLInputElement).value)).toBe('8');
    // The page heard it as a person's drag: its input handler shows the new value.
    expect(await page.evaluate(() => document.getElementById('brightness-out')?.textContent)).toBe('8');
    expect(toolResults(ctx.llm.requests.at(-1)?.body).at(-1)).toMatch(/the slider moved from 5 to 8/);
    await page.close();
  });
});
