// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../sidebar/markdown';

const render = (text: string) => {
  const host = document.createElement('div');
  host.append(renderMarkdown(text));
  return host;
};

describe('renderMarkdown', () => {
  it('renders markdown with GFM tables and strikethrough', () => {
    const host = render('# Title\n\n**bold** and ~~gone~~\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |');
    expect(host.querySelector('h1')?.textContent).toBe('Title');
    expect(host.querySelector('strong')?.textContent).toBe('bold');
    expect(host.querySelector('del')?.textContent).toBe('gone');
    expect(host.querySelectorAll('li')).toHaveLength(2);
    expect([...host.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['1', '2']);
  });

  it('puts each code block in a box with a copy button that adds no text', () => {
    const host = render('Run:\n\n```sh\nnpm test\n```');
    const block = host.querySelector('.code-block');
    expect(block?.querySelector('button.copy-code')?.getAttribute('aria-label')).toBe('Copy code');
    expect(block?.querySelector('pre code')?.textContent).toBe('npm test\n');
    expect(host.textContent).not.toContain('Copy');
  });

  it('opens links in their own tab, without access back, and drops unsafe ones', () => {
    const host = render('[site](https://example.com) [bad](javascript:alert(1)) <a href="data:text/html,x">data</a>');
    const links = [...host.querySelectorAll('a')];
    expect(links[0]?.getAttribute('href')).toBe('https://example.com');
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(links.slice(1).map((l) => l.getAttribute('href'))).toEqual([null, null]);
  });

  it('never loads a remote image: a markdown image becomes a link, raw HTML images go', () => {
    const host = render(
      '![a chart](https://tracker.example/pixel.png)\n\n<img src="https://tracker.example/x.png" onerror="alert(1)">',
    );
    expect(host.querySelector('img')).toBeNull();
    const link = host.querySelector('a');
    expect(link?.textContent).toBe('[image: a chart] (tracker.example)');
    expect(link?.getAttribute('href')).toBe('https://tracker.example/pixel.png');
  });

  it('strips scripts, styles, forms, event handlers and iframes from model output', () => {
    const host = render(
      '<script>alert(1)</script><style>*{}</style><form><input></form><iframe src="https://x"></iframe><p onclick="x()" style="color:red">text</p>',
    );
    expect(host.querySelector('script, style, form, input, iframe')).toBeNull();
    const p = host.querySelector('p');
    expect(p?.textContent).toBe('text');
    expect(p?.getAttributeNames()).toEqual([]);
  });

  it('keeps no class, style, id, data-* or aria-* from model output; a code block keeps its language', () => {
    // A copy of Bosun's permission question, as a model told by a page would draw it.
    const host = render(
      '<p class="prompt prompt--critical" style="position:fixed;inset:0" id="prompt-title" data-testid="permission-prompt" aria-label="Bosun">' +
        'Bosun wants to continue</p>\n\n' +
        '<a class="button button--primary" style="display:block" data-testid="decision-allow-once" href="https://attacker.example/?d=secret">Allow once</a>\n\n' +
        '```js\nlet a = 1;\n```\n\n<pre><code class="language-x copy-code">x</code></pre>',
    );
    const own = new Set(['code-block', 'copy-code', 'link-host']);
    // Bosun's own copy button is the one element that carries data-* and aria-* attributes.
    for (const el of host.querySelectorAll(':not(button.copy-code)')) {
      expect(el.getAttributeNames().filter((name) => /^(style|id|data-.*|aria-.*)$/.test(name))).toEqual([]);
      if (el.hasAttribute('class') && el.nodeName !== 'CODE') expect(own.has(el.className)).toBe(true);
    }
    expect(host.querySelector('[data-testid="permission-prompt"], [data-testid="decision-allow-once"]')).toBeNull();
    expect(host.querySelector('p')?.getAttributeNames()).toEqual([]);
    expect([...host.querySelectorAll('code')].map((c) => c.className)).toEqual(['language-js', '']);
  });

  it('shows the host every link goes to, inside the link, in its parsed form', () => {
    const host = render(
      '[Allow once](https://attacker.example:8443/steal?d=1) <https://bank.example@attacker.example/> ' +
        '[bаnk](https://bаnk.example/) [mail](mailto:someone@attacker.example)',
    );
    expect([...host.querySelectorAll('a')].map((a) => a.querySelector('.link-host')?.textContent)).toEqual([
      ' (attacker.example:8443)',
      ' (attacker.example)',
      ' (xn--bnk-6cd.example)',
      ' (someone@attacker.example)',
    ]);
    expect(host.querySelector('a')?.textContent).toBe('Allow once (attacker.example:8443)');
  });

  it('escapes what looks like markup inside an image description', () => {
    const host = render('![<b>x</b>"](https://e.example/i.png)');
    expect(host.querySelector('b')).toBeNull();
  });
});
