import type { PageDriver } from '../harness';

/** Chooses `text` as the file of the History view's Import…, as a person picking a file does. */
export const chooseImportFile = (page: PageDriver, text: string) =>
  page.evaluate((content) => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="history-import"]')!;
    const files = new DataTransfer();
    files.items.add(new File([content], 'conversation.json', { type: 'application/json' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, text);
