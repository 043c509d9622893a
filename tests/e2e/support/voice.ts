import type { PageDriver } from '../harness';

interface VoiceChange {
  mode?: 'whisper' | 'browser';
  transcript?: 'input' | 'send';
  maxSeconds?: number;
  spokenApprovalOfCritical?: boolean;
}

/** Changes Settings → Voice the way a person does, saves, and returns to the chat. */
export async function setVoice(page: PageDriver, change: VoiceChange): Promise<void> {
  await page.click('[data-testid="view-settings"]');
  await page.waitFor(() => document.querySelector('[data-testid="voice-form"]') !== null, undefined, {
    message: 'Settings → Voice did not show',
  });
  await page.evaluate(
    (selects) => {
      for (const [name, value] of Object.entries(selects)) {
        const select = document.querySelector<HTMLSelectElement>(`[data-testid="voice-${name}"]`);
        if (select && value !== undefined) {
          select.value = value;
          select.dispatchEvent(new Event('change', { bubbles: true }));
        }
      }
    },
    { mode: change.mode, transcript: change.transcript },
  );
  if (change.maxSeconds !== undefined) await page.fill('[data-testid="voice-maxSeconds"]', String(change.maxSeconds));
  const checkbox = '[data-testid="voice-spokenApprovalOfCritical"]';
  const checked = await page.evaluate(
    (selector) => document.querySelector<HTMLInputElement>(selector)?.checked,
    checkbox,
  );
  if (change.spokenApprovalOfCritical !== undefined && change.spokenApprovalOfCritical !== checked)
    await page.click(checkbox);
  await page.click('[data-testid="settings-save"]');
  await page.click('[data-testid="view-chat"]');
  // The background's SETTINGS broadcast is what the talk button acts on.
  await page.waitFor(() => document.querySelector('[data-testid="talk"]') !== null, undefined, {
    message: 'the chat did not come back',
  });
}

/** The recording bar's phase, or null when it is not shown. */
export const voicePhase = (page: PageDriver) =>
  page.evaluate(() => document.querySelector<HTMLElement>('[data-testid="voice-indicator"]')?.dataset.phase ?? null);

export const notice = (page: PageDriver) =>
  page.evaluate(() => document.querySelector('[data-testid="notice"]')?.textContent ?? '');

export const inputValue = (page: PageDriver) =>
  page.evaluate(() => document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')?.value ?? '');

/** Bosun's extension pages open in tabs, with what their microphone-page status says. */
export const extensionTabs = (page: PageDriver) =>
  page.evaluate(() =>
    browser.extension.getViews({ type: 'tab' }).map((view) => ({
      path: view.location.pathname,
      grant: view.document.querySelector<HTMLElement>('[data-testid="grant-status"]')?.dataset.outcome ?? null,
      text: view.document.querySelector('[data-testid="grant-status"]')?.textContent ?? '',
    })),
  );
