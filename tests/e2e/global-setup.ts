import { existsSync } from 'node:fs';

/** The end-to-end suites load the built extensions; `npm test` builds them first. */
export default function checkBuilt(): void {
  for (const target of ['chrome', 'firefox']) {
    if (!existsSync(`dist/${target}/manifest.json`)) {
      throw new Error(`dist/${target} is missing: run "npm run build" (npm test does it for you).`);
    }
  }
}
