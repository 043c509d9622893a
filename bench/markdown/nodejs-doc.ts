// The Node.js API reference on one page (`all.html`, several MB of HTML): a real big document, from
// Debian's `nodejs-doc` package (or the `nodejs` package, which ships the same directory on some systems).
import { readFileSync } from 'node:fs';
import { debianDoc } from '../debian-docs';

const ALL_HTML = '/usr/share/doc/nodejs/api/all.html';

export function nodeApiPage(): { path: string; html: string } {
  return { path: ALL_HTML, html: readFileSync(debianDoc('nodejs-doc', ALL_HTML), 'utf8') };
}
