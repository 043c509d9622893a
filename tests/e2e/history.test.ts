import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { catchDownloads, lastDownload } from './support/downloads';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { chooseImportFile } from './support/history';
import { openHistoryMenu, openSidebar, send, waitForMessages, showView } from './support/sidebar';

interface Item {
  id: string;
  title: string;
  meta: string;
  current: boolean;
}

const items = (page: PageDriver): Promise<Item[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="history-item"]')].map((el) => ({
      id: el.dataset.id ?? '',
      title: el.querySelector('[data-testid="history-open"]')?.textContent ?? '',
      meta: el.querySelector('.history-meta')?.textContent ?? '',
      current: el.getAttribute('aria-current') === 'true',
    })),
  );

describe.each(BROWSERS)('the history of conversations in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, {
    openFirst: 'article.html',
  });
  const { sidebar } = ctx;

  const ask = async (question: string, answer: string) => {
    ctx.llm.script({ kind: 'text', chunks: [answer] });
    await send(sidebar, question);
    await waitForMessages(
      sidebar,
      (m) => m.at(-1)?.role === 'assistant' && m.at(-1)?.content === answer,
      'the answer did not arrive',
    );
  };
  const showHistory = async () => {
    await showView(sidebar, 'history');
    await sidebar.waitFor(() => document.querySelector('[data-testid="history-view"]') !== null, undefined, {
      message: 'no history view',
    });
  };

  beforeAll(async () => {
    await catchDownloads(sidebar);
  });

  it('keeps each conversation, titled by its first question and bound to the page it started on', async () => {
    await ask('How deep is the ford?', 'About a metre.');
    await sidebar.click('[data-testid="new-conversation"]');
    await waitForMessages(sidebar, (m) => m.length === 0, 'New did not start an empty conversation');
    await ask('Which shoes fit wet trails?', 'Trail Runner 2.');
    await showHistory();
    const list = await items(sidebar);
    expect(list.map((i) => [i.title, i.current])).toEqual([
      ['Which shoes fit wet trails?', true],
      ['How deep is the ford?', false],
    ]);
    expect(list[1]?.meta).toMatch(/2 messages · started on River Guide/);
    // Each item shows its title and one menu; rename, export and delete wait inside it.
    const shown = await sidebar.evaluate(() =>
      [...document.querySelectorAll('[data-testid="history-item"]')].map((item) =>
        [...item.querySelectorAll('button, summary')]
          .filter((control) => control.checkVisibility())
          .map((control) => control.getAttribute('data-testid') ?? control.getAttribute('aria-label')),
      ),
    );
    expect(shown).toEqual([
      ['history-open', 'Actions for “Which shoes fit wet trails?”'],
      ['history-open', 'Actions for “How deep is the ford?”'],
    ]);
  });

  it('searches, renames, and opens an earlier conversation where it left off', async () => {
    await sidebar.fill('[data-testid="history-search"]', 'ford');
    await sidebar.waitFor(() => document.querySelectorAll('[data-testid="history-item"]').length === 1, undefined, {
      message: 'the search did not filter',
    });
    await sidebar.fill('[data-testid="history-search"]', '');
    await openHistoryMenu(sidebar, '[data-testid="history-item"]:last-child');
    await sidebar.click('[data-testid="history-item"]:last-child [data-testid="history-rename"]');
    await sidebar.fill('[data-testid="history-title"]', 'River crossings');
    await sidebar.click('[data-testid="history-save-title"]');
    await sidebar.waitFor(
      () =>
        document.querySelector('[data-testid="history-item"]:last-child [data-testid="history-open"]')?.textContent ===
        'River crossings',
      undefined,
      { message: 'the rename did not show' },
    );
    await sidebar.click('[data-testid="history-item"]:last-child [data-testid="history-open"]');
    const shown = await waitForMessages(
      sidebar,
      (m) => m[0]?.content === 'How deep is the ford?',
      'the earlier conversation did not open',
    );
    expect(shown.map((m) => m.content)).toEqual(['How deep is the ford?', 'About a metre.']);
  });

  it('exports as markdown and JSON, imports the JSON back, and refuses a file that is not an export', async () => {
    await showHistory();
    const target = '[data-testid="history-item"]:last-child';
    await openHistoryMenu(sidebar, target);
    await sidebar.click(`${target} [data-testid="history-export-markdown"]`);
    expect((await lastDownload(sidebar)).bytes.toString('utf8')).toMatch(
      /^# River crossings\n\nExported from Bosun on .*\n\n## You\n\nHow deep is the ford\?\n\n## Bosun\n\nAbout a metre\.\n$/,
    );
    await sidebar.click(`${target} [data-testid="history-export-json"]`);
    const json = (await lastDownload(sidebar)).bytes.toString('utf8');
    expect(JSON.parse(json)).toMatchObject({
      format: 'bosun-conversation',
      version: 1,
      title: 'River crossings',
      messages: [{ role: 'user' }, { role: 'assistant' }],
    });

    await chooseImportFile(sidebar, '{"format":"something else"}');
    await sidebar.waitFor(
      () =>
        document
          .querySelector('[data-testid="notice"]')
          ?.textContent?.startsWith('The file is not a Bosun conversation'),
      undefined,
      { message: 'a bad file was not refused' },
    );
    expect(await items(sidebar)).toHaveLength(2);

    await chooseImportFile(sidebar, json);
    await sidebar.waitFor(() => document.querySelectorAll('[data-testid="history-item"]').length === 3, undefined, {
      message: 'the import did not join the history',
    });
    expect((await items(sidebar)).map((i) => [i.title, i.current])).toEqual([
      ['River crossings', true],
      ['Which shoes fit wet trails?', false],
      ['River crossings', false],
    ]);
    // The imported conversation is the open one.
    await sidebar.click('[data-testid="view-chat"]');
    const shown = await waitForMessages(
      sidebar,
      (m) => m.length === 2 && m[1]?.content === 'About a metre.',
      'the imported conversation did not open',
    );
    expect(shown[0]?.content).toBe('How deep is the ford?');
    await showHistory();
  });

  it('deletes after a second click, and the history survives a background restart', async () => {
    const before = await items(sidebar);
    await openHistoryMenu(sidebar, '[data-testid="history-item"]:nth-child(2)');
    await sidebar.click('[data-testid="history-item"]:nth-child(2) [data-testid="history-delete"]');
    await sidebar.click('[data-testid="history-item"]:nth-child(2) [data-testid="history-confirm-delete"]');
    await sidebar.waitFor(() => document.querySelectorAll('[data-testid="history-item"]').length === 2, undefined, {
      message: 'the conversation was not deleted',
    });
    expect((await items(sidebar)).map((i) => i.id)).toEqual([before[0]?.id, before[2]?.id]);

    await ctx.session.stopBackground();
    const reopened = await openSidebar(ctx.session);
    await waitForMessages(
      reopened,
      (m) => m[0]?.content === 'How deep is the ford?',
      'the open conversation did not come back',
    );
    await showView(reopened, 'history');
    await reopened.waitFor(() => document.querySelectorAll('[data-testid="history-item"]').length === 2, undefined, {
      message: 'the history did not come back',
    });
    expect((await items(reopened)).map((i) => i.id)).toEqual([before[0]?.id, before[2]?.id]);
    await reopened.close();
  });
});
