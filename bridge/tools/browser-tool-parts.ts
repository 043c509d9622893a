// What the bridge's browser tools share: their schema pieces, limits, and the checks
// and error texts every page action uses.
import * as v from 'valibot';
import type { EngineTab } from '../engines/engine';
import { firstLine, ToolError } from '../server/errors';

export const STRING = { type: 'string' };
export const BOOLEAN = { type: 'boolean' };
export const INTEGER = { type: 'integer' };
export const NULLABLE_STRING = { type: ['string', 'null'] };
export const WORKER = { type: ['object', 'null'], properties: { scriptURL: STRING, state: STRING } };

export const NAVIGATION_TIMEOUT_MS = 30_000;
export const ACTION_TIMEOUT_MS = 10_000;

export const WebUrl = v.pipe(
  v.string(),
  v.trim(),
  v.url('must be an absolute URL, such as http://localhost:8000/'),
  v.check((url) => /^https?:$/.test(new URL(url).protocol), 'must be an http(s) URL'),
);
export const Selector = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(2000),
  v.description('A CSS selector; the first match is used'),
);

/**
 * The browser tools act on web pages only: Bosun's own pages (the sidebar, where the person
 * answers permission questions) are out of an agent's reach, or the permission gate would mean nothing.
 */
export function assertWebPage(page: EngineTab): void {
  const url = page.url();
  if (!/^(https?:|about:blank$)/.test(url)) {
    throw new ToolError(
      `The current tab shows ${url}, which the browser tools do not act on.`,
      'Call browser_navigate with an http(s) URL first.',
    );
  }
}

/** Playwright's timeouts and selector errors as the agent's next step. */
export function actionError(action: string, selector: string, error: unknown): ToolError {
  const message = firstLine(error instanceof Error ? error.message : String(error));
  if (/Timeout \d+ms exceeded|Waiting failed: \d+ms exceeded/i.test(message)) {
    return new ToolError(
      `Could not ${action} ${selector}: no visible, enabled element matched within ${ACTION_TIMEOUT_MS / 1000} s.`,
      'Check the selector (browser_eval with document.querySelectorAll), or take a screenshot to see the page.',
      { selector },
    );
  }
  return new ToolError(`Could not ${action} ${selector}: ${message}.`, 'Fix the selector, then call again.', {
    selector,
  });
}

/** Width and height from a PNG's IHDR chunk. */
export const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
