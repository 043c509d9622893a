// Firefox's own context menu, driven as a person does (Chromium's cannot be opened from outside:
// neither CDP nor Playwright reaches it).
import type { ExtensionSession, PageDriver } from '../harness';

/**
 * Right-clicks `selector` (a trusted click, through WebDriver) so Firefox opens its own
 * #contentAreaContextMenu, then activates the entry labelled `label` in it, as a person's click
 * does. Returns the labels of Bosun's entries the menu showed.
 */
export async function contextMenuClick(
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
