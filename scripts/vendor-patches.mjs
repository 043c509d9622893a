// @ts-check
/**
 * Small, exact edits to third-party code at bundle time, each with its reason. Every edit must
 * match exactly once, so the build fails (instead of silently shipping old behaviour) when an
 * upgrade changes the code it targets.
 */
import { readFile } from 'node:fs/promises';

/** @typedef {{ find: string | RegExp; replace: string; why: string }} Edit */

/** @type {{ file: RegExp; edits: Edit[] }[]} */
const PATCHES = [
  {
    file: /[\\/]node_modules[\\/]preact[\\/]dist[\\/]preact\.module\.js$/,
    edits: [
      {
        // Bosun never inserts raw HTML (model output is sanitized into DOM nodes): with Preact's
        // one dynamic innerHTML assignment gone, no component can inject markup by mistake.
        find: /\((\w+)\.innerHTML=(\w+)\.__html\)/g,
        replace: '(()=>{throw new Error("dangerouslySetInnerHTML is disabled in Bosun")})()',
        why: 'disable dangerouslySetInnerHTML',
      },
    ],
  },
  {
    file: /[\\/]node_modules[\\/]@mozilla[\\/]readability[\\/]Readability\.js$/,
    edits: [
      {
        // Readability saves and restores the page it parses between attempts by serialising it.
        // A deep clone does the same without re-parsing markup from a string.
        find: 'var pageCacheHtml = page.innerHTML;',
        replace: 'var pageCache = page.cloneNode(true);',
        why: 'keep the page copy as nodes',
      },
      {
        find: 'page.innerHTML = pageCacheHtml;',
        replace: 'page.replaceChildren(...pageCache.cloneNode(true).childNodes);',
        why: 'restore the page copy from nodes',
      },
      {
        // A noscript's text is parsed as HTML; DOMParser yields an inert document (no scripts run).
        find: 'tmp.innerHTML = noscript.innerHTML;',
        replace:
          'tmp.replaceChildren(...new DOMParser().parseFromString(noscript.innerHTML, "text/html").body.childNodes);',
        why: 'parse noscript content inertly',
      },
    ],
  },
  {
    file: /[\\/]node_modules[\\/]dompurify[\\/]dist[\\/]purify\.es\.mjs$/,
    edits: [
      {
        // DOMPurify falls back to innerHTML when DOMParser is missing; extension pages always have
        // DOMParser, and the fallback is the one markup-from-string assignment in the bundle.
        find: 'doc.documentElement.innerHTML = IS_EMPTY_INPUT ? emptyHTML : dirtyPayload;',
        replace: 'throw new Error("DOMParser is required");',
        why: 'drop the innerHTML fallback',
      },
    ],
  },
  {
    file: /[\\/]node_modules[\\/]jszip[\\/]dist[\\/]jszip\.min\.js$/,
    edits: [
      {
        // JSZip's bundled setImmediate shim turns a string callback into code with the Function
        // constructor. JSZip only ever passes functions, and extension code must not eval.
        find: '"function"!=typeof e&&(e=new Function(""+e));',
        replace: 'if("function"!=typeof e)throw new TypeError("setImmediate needs a function");',
        why: 'no string callbacks in setImmediate',
      },
    ],
  },
  {
    file: /[\\/]node_modules[\\/]pdfjs-dist[\\/]build[\\/]pdf\.mjs$/,
    edits: [
      {
        // Extension pages may not eval (their content security policy): pdf.js learns so without trying.
        find: '    new Function("");\n    return true;',
        replace: '    return false;',
        why: 'pdf.js: eval is never supported',
      },
      {
        // Bosun always gives pdf.js its own worker file; the in-page fallback would import code from a computed address.
        find: 'const worker = await import(\n      /*webpackIgnore: true*/\n      /*@vite-ignore*/\n      this.workerSrc);',
        replace: 'const worker = await Promise.reject(new Error("Bosun runs pdf.js in its worker only"));',
        why: 'pdf.js: no main-thread worker fallback',
      },
    ],
  },
  {
    file: /[\\/]node_modules[\\/]pdfjs-dist[\\/]build[\\/]pdf\.worker\.mjs$/,
    edits: [
      {
        // Extension pages may not eval (their content security policy): pdf.js learns so without trying.
        find: '    new Function("");\n    return true;',
        replace: '    return false;',
        why: 'pdf.js: eval is never supported',
      },
      {
        // Unreachable once eval is unsupported (above): the PostScript function compiler is code from a string.
        find: 'return new Function("src", "srcOffset", "dest", "destOffset", compiled);',
        replace: 'throw new Error("eval is disabled in Bosun");',
        why: 'pdf.js: no compiled PostScript functions',
      },
      {
        // Only text is read: JPEG 2000 images are never decoded, so the decoder's script fallback is never loaded.
        find: 'const mod = await import(\n      /*webpackIgnore: true*/\n      /*@vite-ignore*/\n      path);',
        replace: 'const mod = await Promise.reject(new Error("Bosun decodes no JPEG 2000 images"));',
        why: 'pdf.js: no JPEG 2000 decoder script',
      },
    ],
  },
];

/** @param {string} source @param {Edit} edit @param {string} path */
function applyEdit(source, edit, path) {
  const count =
    typeof edit.find === 'string' ? source.split(edit.find).length - 1 : (source.match(edit.find) ?? []).length;
  if (count !== 1) throw new Error(`vendor patch "${edit.why}" expected one match in ${path}, found ${count}`);
  return source.replace(edit.find, edit.replace);
}

/** @type {import('esbuild').Plugin} */
export const vendorPatches = {
  name: 'vendor-patches',
  setup(build) {
    for (const { file, edits } of PATCHES) {
      build.onLoad({ filter: file }, async (args) => {
        try {
          const source = await readFile(args.path, 'utf8');
          return { contents: edits.reduce((code, edit) => applyEdit(code, edit, args.path), source), loader: 'js' };
        } catch (error) {
          return { errors: [{ text: error instanceof Error ? error.message : String(error) }] };
        }
      });
    }
  },
};
