import type { WorkflowSource } from '../../src/protocol/common';
import { linkTarget, type RunAnswer } from './report';

/** The longest answer the report keeps; a longer one is cut at a word and marked as cut. */
export const MAX_ANSWER_CHARS = 3000;

/** "[2]", "[1, 3]" or "[1; 3]": the numbers of the sources a claim comes from. */
const CITATION = /( ?)\[(\s*\d+(?:\s*[,;]\s*\d+)*\s*)\]/g;
/** "[2, p. 3]": a page of a PDF source. */
const PAGE_CITATION = /( ?)\[\s*(\d+)\s*,\s*p\.\s*(\d+)\s*\]/g;

/**
 * What the model was told not to write, undone: its own links and images keep only their text (a
 * link in the answer could go anywhere; only the sources' links are Bosun's), HTML tags and link
 * definitions go, and headings become bold lines, so the answer cannot reshape the report around it.
 */
function plain(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^ {0,3}\[[^\]]+\]:.*$/gm, '')
    .replace(/<\/?[a-z][^>\n]*>/gi, '')
    .replace(/^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/gm, '**$1**')
    .trim();
}

function capped(text: string): string {
  if (text.length <= MAX_ANSWER_CHARS) return text;
  const cut = text.slice(0, MAX_ANSWER_CHARS);
  const space = cut.search(/\s\S*$/);
  return `${(space > 0 ? cut.slice(0, space) : cut).trimEnd()} … (cut short)`;
}

/**
 * The model's answer as report markdown: each [n] that names a source becomes a link to its URL,
 * and each [n, p. N] a link to that page of the PDF (#page=N, which both browsers' PDF viewers
 * open at); a number with no source is removed rather than shown as a link to nothing.
 */
export function answerMarkdown(text: string, sources: readonly WorkflowSource[]): RunAnswer {
  const body = capped(plain(text));
  if (!body) return { ok: false, reason: 'the model answered with nothing.' };
  const source = (n: number) => (n >= 1 && n <= sources.length ? (sources[n - 1] as WorkflowSource) : null);
  const paged = body.replace(PAGE_CITATION, (_match, space: string, n: string, page: string) => {
    const cited = source(Number(n));
    return cited ? `${space}[\\[${n}, p. ${page}\\]](${linkTarget(`${cited.url.split('#')[0]}#page=${page}`)})` : '';
  });
  const markdown = paged.replace(CITATION, (_match, space: string, list: string) => {
    const links = list
      .split(/[,;]/)
      .map(Number)
      .filter((n) => n >= 1 && n <= sources.length)
      .map((n) => `[\\[${n}\\]](${linkTarget((sources[n - 1] as WorkflowSource).url)})`);
    return links.length ? `${space}${links.join('')}` : '';
  });
  return { ok: true, markdown };
}
