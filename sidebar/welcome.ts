/**
 * The first-run page, opened by the background when Bosun is installed: it says where Bosun's
 * button is in this browser, which keys open it (as the browser has them assigned, not as the
 * manifest suggests), and opens the panel itself from its button.
 */
import { localizePage, t } from '../src/i18n';
import { openPanel } from '../src/open-panel';
import { browser } from '../src/platform/browser';
import { applyTheme, storedTheme } from './theme-choice';
import { openShortcut } from './welcome-shortcut';

const WAYS =
  __TARGET__ === 'chrome'
    ? [t('welcome_way_toolbar_chrome'), t('welcome_way_pin_chrome')]
    : [t('welcome_way_toolbar_firefox'), t('welcome_way_sidebar_firefox')];
const SHORTCUT_CHANGE =
  __TARGET__ === 'chrome' ? t('welcome_shortcut_change_chrome') : t('welcome_shortcut_change_firefox');
const NO_SHORTCUT = __TARGET__ === 'chrome' ? t('welcome_no_shortcut_chrome') : t('welcome_no_shortcut_firefox');
const OPENED = __TARGET__ === 'chrome' ? t('welcome_opened_chrome') : t('welcome_opened_firefox');
/** Stands for the keys in the translated sentence, so a translation can put them where its grammar wants. */
const KEYS_MARK = '\uE000';

function showWays(list: HTMLElement): void {
  list.replaceChildren(
    ...WAYS.map((text) => {
      const item = document.createElement('li');
      item.textContent = text;
      return item;
    }),
  );
}

function showShortcut(paragraph: HTMLElement, shortcut: string | null): void {
  if (shortcut === null) {
    paragraph.textContent = NO_SHORTCUT;
    paragraph.dataset.shortcut = '';
    return;
  }
  const [before = '', after = ''] = t('welcome_shortcut', KEYS_MARK).split(KEYS_MARK);
  const keys = document.createElement('kbd');
  keys.textContent = shortcut;
  paragraph.replaceChildren(before, keys, after, ' ', SHORTCUT_CHANGE);
  paragraph.dataset.shortcut = shortcut;
}

function wireOpenButton(button: HTMLElement, status: HTMLElement): void {
  // Chrome opens the side panel of a window; the page's own window is read before any click.
  let windowId: number | undefined;
  void browser.windows.getCurrent().then((current) => (windowId = current.id));
  button.addEventListener('click', () => {
    status.textContent = '';
    delete status.dataset.outcome;
    // Nothing is awaited before the call: the click is the user gesture both browsers require.
    openPanel(windowId).then(
      () => {
        status.textContent = OPENED;
        status.dataset.outcome = 'opened';
      },
      (error: unknown) => {
        status.textContent = t('welcome_open_failed', error instanceof Error ? error.message : String(error));
        status.dataset.outcome = 'failed';
      },
    );
  });
}

// The theme the person chose in the panel (extension pages share its localStorage).
applyTheme(storedTheme());
localizePage(document);
const [ways, shortcut, open, status] = ['ways', 'shortcut', 'open', 'status'].map((id) => document.getElementById(id));
if (ways) showWays(ways);
if (open && status) wireOpenButton(open, status);
if (shortcut) {
  void browser.commands.getAll().then(
    (commands) => showShortcut(shortcut, openShortcut(commands)),
    () => showShortcut(shortcut, null),
  );
}
