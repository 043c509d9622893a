// @ts-check
/**
 * Removes Preact's `dangerouslySetInnerHTML` from the bundle. Bosun never inserts raw HTML:
 * model output is sanitized into DOM nodes. With the one dynamic `innerHTML` assignment gone,
 * no component can inject markup by mistake, and Firefox's add-on linter has nothing to flag.
 * The build fails if Preact's code no longer has the expected shape, so an upgrade is noticed.
 */
import { readFile } from 'node:fs/promises';

const ASSIGNMENT = /\((\w+)\.innerHTML=(\w+)\.__html\)/g;
const REFUSAL = '(()=>{throw new Error("dangerouslySetInnerHTML is disabled in Bosun")})()';

/** @type {import('esbuild').Plugin} */
export const noRawHtml = {
  name: 'no-raw-html',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]preact[\\/]dist[\\/]preact\.module\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const matches = source.match(ASSIGNMENT) ?? [];
      if (matches.length !== 1) {
        return { errors: [{ text: `expected one innerHTML assignment in ${args.path}, found ${matches.length}` }] };
      }
      return { contents: source.replace(ASSIGNMENT, REFUSAL), loader: 'js' };
    });
  },
};
