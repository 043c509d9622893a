import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The end-to-end files that take longest, in seconds, from a fresh-clone `npm test` (each file's
 * start and end are in `test-results/e2e.json`). Vitest orders files by its cache of earlier runs, which a fresh clone
 * does not have, and else by size, which left these small files that run whole suites to start
 * last and run alone at the end. Started first, they overlap with the many short files instead.
 */
const LONGEST: Readonly<Record<string, number>> = {
  'bridge-permissions': 138,
  layout: 130,
  'bridge-attach-bounds': 122,
  'bridge-lifecycle': 117,
  schedule: 107,
  'provider-faults': 106,
  'bridge-attach': 95,
  voice: 91,
  package: 87,
  'side-by-side-conversations': 86,
  'injection-after-trust': 82,
  'bridge-commitments': 73,
  'schedule-missed': 68,
  'background-stop': 67,
  // A bridge per browser, walking history, tabs and pages by reference, and a sample of the widget tasks.
  'bridge-pages': 65,
  agent: 63,
  'bridge-data-flow': 59,
  'lifecycle-faults': 56,
  // Three crawls, a cancelled and two deleted while running, at three widths in each browser.
  library: 55,
  'agent-input': 54,
  exfiltration: 54,
  injection: 53,
  chat: 52,
  // A sample of the benchmark's tasks, solved by the agent and replayed, in each browser.
  'bench-agent-tasks': 50,
  'workflow-answer': 45,
  'bridge-attach-crawl': 44,
  'abp-page': 43,
  'bridge-attach-unreachable': 43,
  'hand-over': 43,
  'key-submit': 42,
  permissions: 41,
};

const seconds = (file: TestSpecification) =>
  file.project.name === 'e2e' ? (LONGEST[basename(file.moduleId, '.test.ts')] ?? 0) : 0;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // A stable sort: the files not listed keep Vitest's own order, after the listed ones.
    return [...(await super.sort(files))].sort((a, b) => seconds(b) - seconds(a));
  }
}
