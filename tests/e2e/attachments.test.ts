// Files and tabs as context: a file the person drops and the open tabs they pick reach the model
// with the message, each marked as what it is (the person's file as theirs, a tab's content as page
// content); a blocked site's tab is never read, and the message is refused saying why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingServer, type RecordingServer } from '../hardening/recording-server';
import { BROWSERS, type PageDriver } from './harness';
import { waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { shootThemes, sidewaysOverflow } from './support/layout';
import { setSiteRule } from './support/permissions';
import { waitForMessages } from './support/sidebar';

const CSV = 'river,length_km\nDanube,2850\nRhine,1230\n';
const NOTES = (title: string, words: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${words}</p></main></body></html>`;

type Body = { messages: { role: string; content: unknown }[] };
/** The person's turn of the model's last request, as text. */
const lastUserTurn = (requests: readonly { path: string; body: unknown }[]) => {
  const asked = requests.filter((r) => r.path === '/v1/chat/completions').at(-1)?.body as Body | undefined;
  const turn = asked?.messages.filter((m) => m.role === 'user').at(-1)?.content;
  return typeof turn === 'string' ? turn : JSON.stringify(turn);
};

/** Drops files on the composer, as a person drags them from their file manager. */
const dropFiles = (sidebar: PageDriver, files: { name: string; type: string; text: string }[]) =>
  sidebar.evaluate((list) => {
    const transfer = new DataTransfer();
    for (const f of list) transfer.items.add(new File([f.text], f.name, { type: f.type }));
    const form = document.querySelector('.composer')!;
    form.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    form.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);

const attached = (sidebar: PageDriver) =>
  sidebar.evaluate(() =>
    [...document.querySelectorAll('[data-testid="attachment"] .attachment-name')].map((e) => e.textContent),
  );

/** Picks an open tab in the composer's picker by its title, as a person ticks it. */
async function pickTab(sidebar: PageDriver, title: string): Promise<void> {
  await sidebar.waitFor(
    (t) => [...document.querySelectorAll('[data-testid="tab-choice"]')].some((el) => el.textContent?.includes(t)),
    title,
    { message: `the picker does not list the tab "${title}"` },
  );
  await sidebar.evaluate((t) => {
    const choice = [...document.querySelectorAll('[data-testid="tab-choice"]')].find((el) =>
      el.textContent?.includes(t),
    );
    choice!.querySelector('input')!.click();
  }, title);
}

async function openPicker(sidebar: PageDriver): Promise<void> {
  if (await sidebar.evaluate(() => document.querySelector('[data-testid="attach-picker"]') === null))
    await sidebar.click('[data-testid="attach"]');
  await sidebar.waitFor(() => document.querySelector('[data-testid="attach-picker"]') !== null, undefined, {
    message: 'the picker did not open',
  });
}

describe.each(BROWSERS)('files and tabs as context in %s', (browserName) => {
  let other: RecordingServer;
  let bank: RecordingServer;
  const ctx = useConfiguredSidebar(browserName, {
    openFirst: 'article.html',
    before: async () => {
      other = await startRecordingServer('127.0.0.3', (path) =>
        path === '/prices.html' ? NOTES('Ferry prices', 'The ferry costs 12 euros.') : null,
      );
      bank = await startRecordingServer('127.0.0.2', (path) =>
        path === '/ledger.html' ? NOTES('Private ledger', 'Balance 4,211.07') : null,
      );
      await ctx.session.openPage(`${bank.url}/ledger.html`);
      await ctx.session.openPage(`${other.url}/prices.html`);
    },
    fresh: true,
  });
  const { sidebar } = ctx;
  beforeAll(() => setSiteRule(sidebar, '127.0.0.2', 'blocked'));
  afterAll(async () => {
    await other?.close();
    await bank?.close();
  });

  it('a dropped CSV and two picked tabs reach the model, the file as the person’s and each tab as page content', async () => {
    await dropFiles(sidebar, [{ name: 'rivers.csv', type: 'text/csv', text: CSV }]);
    await sidebar.waitFor(() => document.querySelector('[data-testid="attachment"]') !== null, undefined, {
      message: 'the dropped file was not attached',
    });
    await openPicker(sidebar);
    // The blocked site's tab is listed too (it is open in the window); it is refused when sent, below.
    await pickTab(sidebar, 'River Guide');
    await pickTab(sidebar, 'Ferry prices');
    expect(await attached(sidebar)).toEqual([
      'rivers.csv',
      expect.stringMatching(/^Tab: River Guide — Bosun Test Shop · 127\.0\.0\.1:\d+$/),
      expect.stringMatching(/^Tab: Ferry prices · 127\.0\.0\.3:\d+$/),
    ]);
    for (const width of [240, 360]) {
      await sidebar.resize({ width, height: 600 });
      expect(await sidewaysOverflow(sidebar), `${width} px`).toEqual([]);
      await shootThemes(sidebar, 'composer-attachments', width, 600);
    }
    await sidebar.click('[data-testid="attach-done"]');

    ctx.llm.script({ kind: 'text', chunks: ['The Danube is longest; the ferry costs 12 euros.'] });
    await sidebar.fill('[data-testid="composer-input"]', 'Compare these');
    await sidebar.press('Enter');
    await waitForMessages(sidebar, (m) => m[1]?.status === 'done', 'the message with attachments was not answered');

    const turn = lastUserTurn(ctx.llm.requests);
    // The person's words first, then the file as theirs: not wrapped as page content.
    expect(turn.startsWith('Compare these\n\n')).toBe(true);
    expect(turn).toContain(
      `A file the person attached from their computer: "rivers.csv".\n<person_file>\n${CSV}\n</person_file>`,
    );
    // Each tab as a page's content, with its title and address.
    const tab = (title: string, url: string, words: string) =>
      new RegExp(
        `A tab the person picked as context: "${title}" \\(${url.replace(/[.?]/g, '\\$&')}\\)\\n<untrusted_page_content>\\n[^]*${words}[^]*\\n</untrusted_page_content>`,
      );
    expect(turn).toMatch(tab('River Guide — Bosun Test Shop', ctx.site.url('article.html'), 'River Guide'));
    expect(turn).toMatch(tab('Ferry prices', `${other.url}/prices.html`, 'The ferry costs 12 euros.'));
    // The conversation shows each for what it is.
    expect(
      await sidebar.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="message-attachment"]')].map(
          (e) => `${e.dataset.kind}: ${e.textContent}`,
        ),
      ),
    ).toEqual([
      'file: Your file: rivers.csv',
      'tab: Tab (page content): River Guide — Bosun Test Shop',
      'tab: Tab (page content): Ferry prices',
    ]);
    // Taken with the message: the composer is empty again.
    expect(await attached(sidebar)).toEqual([]);
  });

  it("a blocked site's tab is refused: nothing is sent, and the person is told why", async () => {
    const asked = ctx.llm.requests.length;
    await openPicker(sidebar);
    await pickTab(sidebar, 'Ferry prices');
    await pickTab(sidebar, 'Private ledger');
    await sidebar.click('[data-testid="attach-done"]');
    await sidebar.fill('[data-testid="composer-input"]', 'Compare my ledger with the prices');
    await sidebar.press('Enter');
    await sidebar.waitFor(() => document.querySelector('[data-testid="notice"]') !== null, undefined, {
      message: 'the refusal was not shown',
    });
    expect(await sidebar.text('[data-testid="notice"]')).toMatch(
      /Bosun did not read the tab "Private ledger" \(127\.0\.0\.2\): .*You blocked this site/,
    );
    await waitUntilIdle(sidebar);
    // Nothing reached the model, no message was added, and the words and tabs are back to send again.
    expect(ctx.llm.requests.length).toBe(asked);
    expect(await sidebar.evaluate(() => document.querySelectorAll('[data-role="user"]').length)).toBe(0);
    expect(await sidebar.evaluate(() => (document.querySelector('#composer-input') as HTMLTextAreaElement).value)).toBe(
      'Compare my ledger with the prices',
    );
    expect(await attached(sidebar)).toHaveLength(2);
    // The person takes them off again.
    while ((await attached(sidebar)).length > 0) await sidebar.click('[data-testid="attachment-remove"]');
    await sidebar.fill('[data-testid="composer-input"]', '');
  });

  it("a dropped PDF reaches the model as the person's file, its text by page", async () => {
    // A person drags the PDF from their disk: the test takes the bytes from the test site.
    await sidebar.evaluate(async (url) => {
      const bytes = await (await fetch(url)).arrayBuffer();
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'survey.pdf', { type: 'application/pdf' }));
      document
        .querySelector('.composer')!
        .dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true }));
    }, ctx.site.url('pdf/report.pdf'));
    await sidebar.waitFor(
      () =>
        [...document.querySelectorAll('[data-testid="attachment"]')].some((e) => e.textContent?.includes('survey.pdf')),
      undefined,
      { message: 'the PDF was not attached', timeoutMs: 30_000 },
    );
    ctx.llm.script({ kind: 'text', chunks: ['The north pier needs new fenders (p. 2).'] });
    await sidebar.fill('[data-testid="composer-input"]', 'What does my survey say about the pier?');
    await sidebar.press('Enter');
    await waitForMessages(sidebar, (m) => m[1]?.status === 'done', 'the message with the PDF was not answered');
    const turn = lastUserTurn(ctx.llm.requests);
    expect(turn).toMatch(
      /A file the person attached from their computer: "survey\.pdf"\.\n<person_file>\n## Page 1\n[^]*## Page 2\n+### Findings\nThe north pier needs new fenders[^]*\n<\/person_file>/,
    );
  });

  it('a file too large, or not text, is refused in the composer, saying why', async () => {
    await dropFiles(sidebar, [{ name: 'tool.exe', type: 'application/x-msdownload', text: 'MZ' }]);
    await sidebar.waitFor(() => document.querySelector('[data-testid="attach-error"]') !== null, undefined, {
      message: 'the refusal was not shown',
    });
    expect(await sidebar.text('[data-testid="attach-error"]')).toBe(
      'Bosun attaches text, markdown, CSV, PDF and image files; “tool.exe” is none of them.',
    );
    expect(await attached(sidebar)).not.toContain('tool.exe');
  });
});
