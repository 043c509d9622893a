import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The end-to-end files that take longest, in seconds, from a fresh-clone `npm test` (its summary
 * prints the ten slowest). Vitest orders files by its cache of earlier runs, which a fresh clone
 * does not have, and else by size, which left these small files that run whole suites to start
 * last and run alone at the end. Started first, they overlap with the many short files instead.
 */
const LONGEST: Readonly<Record<string, number>> = {
  'bridge-permissions': 167,
  'bridge-lifecycle': 148,
  'provider-faults': 98,
  schedule: 98,
  'side-by-side-conversations': 83,
  voice: 82,
  'background-stop': 72,
  'injection-after-trust': 70,
  'schedule-missed': 70,
  layout: 64,
  package: 63,
  // A sample of the benchmark's tasks, solved by the agent and replayed, in each browser.
  'bench-agent-tasks': 58,
  'bridge-attach-bounds': 57,
  // A bridge per browser, walking history, tabs and five pages by reference.
  'bridge-pages': 57,
  agent: 53,
  'bridge-attach': 50,
  exfiltration: 48,
  'bridge-data-flow': 45,
  'lifecycle-faults': 45,
  'bridge-commitments': 44,
  chat: 44,
  'abp-tasks': 43,
  // Three crawls, a cancelled and two deleted while running, at three widths in each browser.
  library: 43,
  injection: 41,
  'abp-page': 37,
  bridge: 37,
  'session-grants': 35,
  'agent-input': 34,
};

const seconds = (file: TestSpecification) =>
  file.project.name === 'e2e' ? (LONGEST[basename(file.moduleId, '.test.ts')] ?? 0) : 0;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // A stable sort: the files not listed keep Vitest's own order, after the listed ones.
    return [...(await super.sort(files))].sort((a, b) => seconds(b) - seconds(a));
  }
}
