import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PageDriver } from '../harness';

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page and returns its violations. The script is sent as the body of the
 * function to evaluate, because an extension page's CSP forbids eval: code sent by the test
 * driver is exempt, code the page evaluates is not.
 */
const audit = new Function(`${source}
  return axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations.map((v) => ({
    id: v.id, impact: v.impact ?? null, help: v.help, targets: v.nodes.map((n) => String(n.target)),
  })));`) as () => Promise<Violation[]>;

export const axeViolations = (page: PageDriver): Promise<Violation[]> => page.evaluate(audit);
