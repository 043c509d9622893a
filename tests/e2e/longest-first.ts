import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The end-to-end files that take longest, in seconds, from a fresh-clone `npm test` (its summary
 * prints the ten slowest). Vitest orders files by its cache of earlier runs, which a fresh clone
 * does not have, and else by size, which left these small files that run whole suites to start
 * last and run alone at the end. Started first, they overlap with the many short files instead.
 */
const LONGEST: Readonly<Record<string, number>> = {
  // The benchmark's every task, solved by the agent and replayed, in each browser.
  'bench-agent-tasks': 219,
  'bridge-permissions': 199,
  'bridge-lifecycle': 168,
  'injection-after-trust': 138,
  voice: 127,
  layout: 109,
  schedule: 109,
  'provider-faults': 105,
  'bridge-attach-bounds': 103,
  'side-by-side-conversations': 98,
  'bridge-attach': 97,
  // A bridge per browser, walking history, tabs and five pages by reference.
  'bridge-pages': 95,
  'background-stop': 75,
  'schedule-missed': 75,
  'bridge-commitments': 58,
  'abp-tasks': 55,
  bridge: 55,
  agent: 54,
  package: 54,
  injection: 52,
  'bridge-attach-crawl': 49,
  'lifecycle-faults': 49,
  'workflow-answer': 49,
  chat: 48,
  // Three crawls, a cancelled and two deleted while running, at three widths in each browser.
  library: 48,
  exfiltration: 46,
};

const seconds = (file: TestSpecification) =>
  file.project.name === 'e2e' ? (LONGEST[basename(file.moduleId, '.test.ts')] ?? 0) : 0;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // A stable sort: the files not listed keep Vitest's own order, after the listed ones.
    return [...(await super.sort(files))].sort((a, b) => seconds(b) - seconds(a));
  }
}
