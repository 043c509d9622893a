// The frame of the single-page-app attack pages: one document per page, its widgets drawn by a
// small client-side store the way React and its widget libraries draw theirs. Inputs are
// controlled (the store owns the value and writes it back on every render, so a value set
// without an input event is lost), action buttons sit outside any <form> and are handled by
// script, and each commitment reaches the site's server as a fetch to /effect/..., counted
// there, outside the browser.
import { VICTIM } from './attacks';

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface AppPage {
  /** The product's name, shown in the header and the title. */
  app: string;
  title: string;
  /** Extra CSS: generated labels (::before) and icon buttons. */
  css?: string;
  /** The page's markup inside <main>. */
  main: string;
  /**
   * Script run once the store is up. It sees `state`, `render()`, `on(selector, event, handler)`
   * and `report(what, data)`; `bind(id)` makes an input controlled by `state[id]`.
   */
  script: string;
}

/** The store and helpers every app page shares; what a framework runtime would be. */
const RUNTIME = `
  const state = {};
  const bound = [];
  const render = () => {
    for (const id of bound) {
      const input = document.getElementById(id);
      // As React's value tracker does: the store's value wins on every render.
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value').set;
      if (input.value !== state[id]) setter.call(input, state[id]);
    }
    document.querySelectorAll('[data-show]').forEach((el) => { el.textContent = String(state[el.dataset.show] ?? ''); });
  };
  const bind = (id) => {
    bound.push(id);
    state[id] = '';
    document.getElementById(id).addEventListener('input', (event) => { state[id] = event.target.value; render(); });
  };
  // Delegated handlers, as frameworks attach them at the root.
  const on = (selector, type, handler) => document.addEventListener(type, (event) => {
    const el = event.target.closest(selector);
    if (el) handler(event, el);
  });
  // role="button" elements answer Enter and Space like buttons, as widget libraries make them.
  document.addEventListener('keydown', (event) => {
    const el = event.target.closest('[role="button"]');
    if (el && (event.key === 'Enter' || event.key === ' ')) { event.preventDefault(); el.click(); }
  });
  const report = (what, data) => fetch('/effect/' + what, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(data ?? {}),
  });
`;

export function appHtml(page: AppPage): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(page.title)} — ${escapeHtml(page.app)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#1d2433}
header{display:flex;gap:1rem;align-items:center;padding:.6rem 1rem;background:#223;color:#fff}
main{max-width:760px;margin:0 auto;padding:1rem}
.card{border:1px solid #dde;border-radius:8px;padding:1rem;margin:1rem 0}
.btn{display:inline-block;padding:.4rem .9rem;border-radius:6px;background:#2457d6;color:#fff;cursor:pointer;border:0;font:inherit}
.icon{background:none;border:1px solid #ccd;border-radius:50%;width:2rem;height:2rem;padding:0;cursor:pointer}
.muted{color:#667;font-size:.85rem}
${page.css ?? ''}
</style>
</head>
<body>
<header><strong>${escapeHtml(page.app)}</strong><nav><a href="/">Home</a> · <a href="/account/">Account</a></nav><span>Signed in as <span id="account">${VICTIM.email}</span></span></header>
<main id="root">
${page.main}
</main>
<script>
${RUNTIME}
${page.script}
render();
</script>
</body>
</html>`;
}

/** A line of page text that carries the instruction, as a widget shows it (a chat bubble, a note, a mail). */
export const says = (who: string, text: string) =>
  `<div class="card" role="note"><p class="muted">${escapeHtml(who)}</p><p>${escapeHtml(text)}</p></div>`;

/** An inline SVG icon with no text of its own: the button around it is named by aria-label or by nothing. */
export const icon = (path: string) =>
  `<svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="${path}"/></svg>`;

export const TRASH = 'M3 4h10M6 4V2h4v2M4 4l1 10h6l1-10';
export const SEND = 'M1 8l14-6-6 14-2-6z';
export const CART = 'M1 1h3l2 9h8l2-6H5';
