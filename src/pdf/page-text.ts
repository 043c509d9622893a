/**
 * A PDF page's text in reading order, from the positioned runs pdf.js gives (`getTextContent`).
 * Pure, so the rules are unit-tested without a PDF engine; the PDF reader chunk calls it per page.
 */

/** One run of text as pdf.js places it: its baseline origin (PDF units, y up), width and font height. */
export interface TextRun {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** pdf.js saw the end of a line after this run. */
  eol: boolean;
}

/** A vertical move larger than this share of the line height starts a new line. */
const NEW_LINE = 0.5;
/** A gap between lines larger than this many line heights is a paragraph break (a blank line). */
const NEW_PARAGRAPH = 1.8;
/** A horizontal gap wider than this share of the font height between runs on one line is a space. */
const WORD_GAP = 0.15;

/**
 * Lines top to bottom as the content stream writes them (generated PDFs write in reading order;
 * columns stay whole because the stream finishes one before the next), runs on a line joined with
 * a space where the page leaves a gap, and a blank line where the gap between lines is a paragraph's.
 */
export function pageText(runs: readonly TextRun[]): string {
  const lines: string[] = [];
  let line = '';
  let last: TextRun | null = null;
  let lineHeight = 0;
  const endLine = () => {
    lines.push(line.replace(/[ \t]+/g, ' ').trim());
    line = '';
  };
  for (const run of runs) {
    const height = run.height > 0 ? run.height : lineHeight || 10;
    if (last && line !== '') {
      const drop = last.y - run.y;
      if (Math.abs(drop) > NEW_LINE * height) {
        endLine();
        if (drop > NEW_PARAGRAPH * Math.max(height, lineHeight)) lines.push('');
      } else if (run.x - (last.x + last.width) > WORD_GAP * height && !/\s$/.test(line) && !/^\s/.test(run.str)) {
        line += ' ';
      }
    } else if (last && lines.length > 0 && last.y - run.y > NEW_PARAGRAPH * Math.max(height, lineHeight)) {
      // The line before ended with an end-of-line mark: the gap to this one still tells a new paragraph.
      lines.push('');
    }
    line += run.str;
    if (run.str !== '') {
      last = run;
      lineHeight = height;
    }
    if (run.eol && line !== '') endLine();
  }
  if (line !== '') endLine();
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
