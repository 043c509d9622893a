// The browser's own context menu, driven as a person does. Firefox's is reached from its browser
// window with chrome privileges; Chromium's exists only in a headed browser (neither CDP nor
// Playwright reaches it), so there the session runs on a virtual display and xdotool clicks and types.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { waitUntil, type ExtensionSession, type PageDriver } from '../harness';

const run = promisify(execFile);

/**
 * Right-clicks `selector` so the browser opens its own context menu, then activates the entry
 * labelled `label` in it, as a person's click does. Returns the labels of Bosun's entries the menu
 * showed in Firefox; in Chromium, whose menu cannot be read, null (what follows the click shows
 * which entry it was).
 */
export function contextMenuClick(
  session: ExtensionSession,
  page: PageDriver,
  selector: string,
  label: string,
): Promise<string[] | null> {
  return session.browserName === 'firefox'
    ? firefoxMenuClick(session, page, selector, label)
    : chromiumMenuClick(session, page, selector, label);
}

async function firefoxMenuClick(
  session: ExtensionSession,
  page: PageDriver,
  selector: string,
  label: string,
): Promise<string[]> {
  await page.click(selector, 'right');
  const shown = await session.privileged!(`(async () => {
    const menu = Services.wm.getMostRecentWindow('navigator:browser').document.getElementById('contentAreaContextMenu');
    for (let i = 0; i < 100 && menu.state !== 'open'; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    if (menu.state !== 'open') return JSON.stringify({ error: 'the context menu did not open', labels: [] });
    const items = [...menu.querySelectorAll('menuitem')].filter((item) => item.label.startsWith('Ask Bosun') && !item.hidden);
    const item = items.find((candidate) => candidate.label === ${JSON.stringify(label)});
    if (!item) { menu.hidePopup(); return JSON.stringify({ error: 'no such entry', labels: items.map((i) => i.label) }); }
    menu.activateItem(item);
    return JSON.stringify(items.map((i) => i.label));
  })()`);
  const parsed = JSON.parse(String(shown)) as string[] | { error: string; labels: string[] };
  if (!Array.isArray(parsed))
    throw new Error(`${parsed.error} ("${label}"); Bosun's entries: ${parsed.labels.join(', ')}`);
  return parsed;
}

/**
 * Where Bosun's entry sits in Chromium's menu, counted up from its end (Up from an opened menu wraps
 * to the last entry): on selected text the menu ends with the extensions' entries, then Inspect; on
 * a page, with theirs, then View page source and Inspect. Bosun's entry is its only one there.
 */
const CHROMIUM_UPS: Record<string, { ups: number; selection: boolean }> = {
  'Ask Bosun about this selection': { ups: 2, selection: true },
  'Ask Bosun about this page': { ups: 3, selection: false },
};

async function chromiumMenuClick(
  session: ExtensionSession,
  page: PageDriver,
  selector: string,
  label: string,
): Promise<null> {
  const place = CHROMIUM_UPS[label];
  if (!place) throw new Error(`chromium: no known place in the menu for "${label}"`);
  if (!session.xDisplay) throw new Error('chromium: the context menu needs a session launched with virtualDisplay');
  const env = { ...process.env, DISPLAY: session.xDisplay };
  const xdotool = (...args: string[]) => run('xdotool', args, { env });
  // The page says where the pointer lands in it, which gives where the page sits on the screen.
  await page.evaluate(() => {
    const seen = (window.bosunPointer = {});
    addEventListener('mousemove', (e) => Object.assign(seen, { x: e.clientX, y: e.clientY }), { capture: true });
    addEventListener(
      'contextmenu',
      (e) => Object.assign(seen, { target: (e.target as Element).outerHTML, selection: String(getSelection()) }),
      { capture: true },
    );
  });
  const guess = await page.evaluate(() => ({ x: screenX + 100, y: screenY + outerHeight - innerHeight + 100 }));
  await xdotool('mousemove', String(guess.x), String(guess.y));
  const seen = await page.waitFor(
    () => bosunPointer.x !== undefined && { x: bosunPointer.x, y: bosunPointer.y! },
    undefined,
    {
      message: 'chromium: the pointer moved on the screen did not reach the page',
    },
  );
  const target = await page.evaluate((sel) => {
    const box = document.querySelector(sel)!.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2, html: document.querySelector(sel)!.outerHTML };
  }, selector);
  const x = Math.round(guess.x - seen.x + target.x);
  const y = Math.round(guess.y - seen.y + target.y);
  const windowsBefore = await visibleWindows(xdotool);
  await xdotool('mousemove', String(x), String(y), 'click', '3');
  const hit = await page.waitFor(() => bosunPointer.target !== undefined && bosunPointer, undefined, {
    message: `chromium: the right-click at ${x},${y} did not reach the page`,
  });
  if (hit.target !== target.html) throw new Error(`chromium: the right-click hit ${hit.target}, not ${selector}`);
  if (Boolean(hit.selection) !== place.selection)
    throw new Error(
      `chromium: the right-click ${place.selection ? 'left no' : 'kept a'} selection, so the menu is not the one expected`,
    );
  // The menu is a window of its own: it is open once one more window shows.
  await waitUntil(async () => (await visibleWindows(xdotool)) > windowsBefore, {
    message: 'chromium: the context menu did not open',
  });
  await xdotool('key', '--delay', '100', ...Array<string>(place.ups).fill('Up'), 'Return');
  return null;
}

async function visibleWindows(xdotool: (...args: string[]) => Promise<{ stdout: string }>): Promise<number> {
  // xdotool search exits 1 when nothing matches.
  const found = await xdotool('search', '--onlyvisible', '--name', '').catch(() => ({ stdout: '' }));
  return found.stdout.split('\n').filter(Boolean).length;
}
