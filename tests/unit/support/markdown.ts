/**
 * The panel loads its markdown renderer as a chunk of its own. A component test has it loaded
 * before it renders, as the panel does once idle, so no import is left running when the test
 * file's DOM is torn down.
 */
import { beforeAll } from 'vitest';
import { loadMarkdownRenderer } from '../../../sidebar/markdown-loader';

beforeAll(async () => {
  if (typeof window !== 'undefined') await loadMarkdownRenderer();
});
