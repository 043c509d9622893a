import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The end-to-end files that take longest, in seconds, from a fresh-clone `npm test` (its summary
 * prints the ten slowest). Vitest orders files by its cache of earlier runs, which a fresh clone
 * does not have, and else by size, which left these small files that run whole suites to start
 * last and run alone at the end. Started first, they overlap with the many short files instead.
 */
const LONGEST: Readonly<Record<string, number>> = {
  'bridge-lifecycle': 250,
  voice: 230,
  'bridge-permissions': 129,
  'injection-after-trust': 119,
  'provider-faults': 107,
  'message-fuzz': 107,
  package: 88,
  agent: 82,
  'session-grants': 79,
  layout: 77,
  ollama: 67,
  chat: 65,
  'lifecycle-faults': 61,
  'agent-input': 60,
  workflow: 59,
  'tab-faults': 58,
  injection: 50,
  // Three crawls, a cancelled and two deleted while running, at three widths in each browser.
  library: 50,
  // A bridge per browser, walking history, tabs and five pages by reference.
  'bridge-pages': 50,
};

const seconds = (file: TestSpecification) =>
  file.project.name === 'e2e' ? (LONGEST[basename(file.moduleId, '.test.ts')] ?? 0) : 0;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // A stable sort: the files not listed keep Vitest's own order, after the listed ones.
    return [...(await super.sort(files))].sort((a, b) => seconds(b) - seconds(a));
  }
}
