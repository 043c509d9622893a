import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';
import { t } from '../src/i18n';
import { showInvisible } from '../src/show-invisible';

/** What markdown produces, and nothing else: no images, media, forms, styles or scripts. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'del',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
// `class` is read only to keep a code block's language; no other class or any style survives, so
// model output cannot borrow Bosun's own look (a fake permission question, a fake button).
const ALLOWED_ATTR = ['href', 'title', 'align', 'start', 'class'];
const CODE_LANGUAGE = /^language-[\w+#.-]{1,40}$/;
const SAFE_LINK = /^(https?:|mailto:)/i;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    // A remote image would tell its server that this conversation was read: show a link instead.
    image({ href, text }: Tokens.Image) {
      return `<a href="${escapeHtml(href)}">${escapeHtml(`[image: ${text || href}]`)}</a>`;
    },
  },
});

const purify = DOMPurify(window);
purify.addHook('afterSanitizeAttributes', (node) => {
  const language = node.getAttribute('class');
  node.removeAttribute('class');
  if (node.nodeName === 'CODE' && language && CODE_LANGUAGE.test(language)) node.setAttribute('class', language);
  if (node.nodeName !== 'A') return;
  const href = node.getAttribute('href') ?? '';
  if (!SAFE_LINK.test(href)) node.removeAttribute('href');
  // Links open in a tab of their own, which cannot reach back into Bosun.
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

/**
 * Every link shows where it goes, inside the link itself: "Allow once (attacker.example)". The host
 * is the parsed one (an international name in its xn-- form), so look-alike letters cannot pass for
 * another site, and an address written as the link's text ("https://bank.example@attacker.example")
 * still shows the host it really reaches. CSS isolates it from bidi controls in the link's text.
 */
function showHost(link: Element): void {
  const href = link.getAttribute('href') ?? '';
  if (!URL.canParse(href)) return;
  const url = new URL(href);
  const where = url.protocol === 'mailto:' ? url.pathname : url.host;
  const host = document.createElement('span');
  host.className = 'link-host';
  host.textContent = ` ${t('link_host', showInvisible(where))}`;
  link.append(host);
}

/**
 * Model output as sanitized DOM nodes: markdown through marked, then DOMPurify with a whitelist
 * of the tags markdown makes. Nodes, never an HTML string, reach the sidebar's document. Each code
 * block gets a copy button (its label comes from CSS, from the data-copy… attributes, so text read from the
 * message stays the answer).
 */
export function renderMarkdown(text: string): DocumentFragment {
  const html = (marked.parse(text) as string).trim();
  // No data-* or aria-* either: Bosun's styles, tests and screen-reader names key on them.
  const fragment = purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const link of fragment.querySelectorAll('a[href]')) showHost(link);
  for (const pre of fragment.querySelectorAll('pre')) {
    const block = document.createElement('div');
    block.className = 'code-block';
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.className = 'copy-code';
    copy.setAttribute('aria-label', t('copy_code'));
    copy.dataset.copy = t('copy');
    copy.dataset.copied = t('copied');
    copy.dataset.failed = t('copy_failed');
    copy.dataset.testid = 'copy-code';
    pre.replaceWith(block);
    block.append(copy, pre);
  }
  return fragment;
}
