import type { WorkflowPlan, WorkflowSource, WorkflowStep } from '../../src/protocol/common';

/** A page a step read, with its text, kept for the ZIP export. */
export interface SourcePage extends WorkflowSource {
  markdown: string;
}

/** Brackets would end a markdown link's text early. */
const linkText = (title: string, url: string) => (title.trim() || url).replace(/[[\]]/g, (c) => `\\${c}`);

/** Every source of the run, once each, numbered in the order the steps first read them. */
function numberedSources(plan: WorkflowPlan): WorkflowSource[] {
  const byUrl = new Map<string, WorkflowSource>();
  for (const step of plan.steps)
    for (const source of step.sources ?? []) if (!byUrl.has(source.url)) byUrl.set(source.url, source);
  return [...byUrl.values()];
}

const OUTCOME: Record<WorkflowStep['status'], string> = {
  pending: 'Not run.',
  running: 'Still running.',
  completed: '',
  failed: 'Failed',
  skipped: 'Skipped.',
};

function stepSection(step: WorkflowStep, index: number, numbers: Map<string, number>): string {
  const body =
    step.status === 'completed'
      ? (step.result ?? '').trim() || '(no findings)'
      : [
          step.status === 'failed' ? `${OUTCOME.failed}: ${step.error ?? 'unknown error'}` : OUTCOME[step.status],
          step.result?.trim(),
        ]
          .filter(Boolean)
          .join('\n\n');
  const cited = (step.sources ?? []).map((s) => `[${numbers.get(s.url)}](${s.url})`);
  return [`## ${index + 1}. ${step.task}`, body, cited.length ? `Sources: ${cited.join(', ')}` : '']
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The final report: each step's findings, then every page read, cited by title and URL. Built from
 * what the steps recorded, not written by the model, so no source can go missing or be invented.
 */
export function buildReport(plan: WorkflowPlan): string {
  const sources = numberedSources(plan);
  const numbers = new Map(sources.map((s, i) => [s.url, i + 1]));
  const list = sources.map((s, i) => `${i + 1}. [${linkText(s.title, s.url)}](${s.url})`);
  return (
    [
      `# ${plan.intent}`,
      ...plan.steps.map((step, i) => stepSection(step, i, numbers)),
      `## Sources\n\n${list.length ? list.join('\n') : 'No pages were read.'}`,
    ].join('\n\n') + '\n'
  );
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'page';

/** The ZIP's files: report.md, one markdown file per source page, and sources.json naming them. */
export function exportFiles(
  plan: WorkflowPlan,
  pages: Readonly<Record<string, SourcePage>>,
): { path: string; content: string }[] {
  const sources = numberedSources(plan).map((source, i) => ({
    number: i + 1,
    title: source.title,
    url: source.url,
    file: `sources/${String(i + 1).padStart(2, '0')}-${slug(source.title)}.md`,
    steps: plan.steps.filter((s) => s.sources?.some((x) => x.url === source.url)).map((s) => s.task),
  }));
  return [
    { path: 'report.md', content: plan.report ?? buildReport(plan) },
    ...sources.map((s) => ({
      path: s.file,
      content: `# ${s.title || s.url}\n\nSource: ${s.url}\n\n${pages[s.url]?.markdown ?? '(the page text was not kept)'}\n`,
    })),
    { path: 'sources.json', content: `${JSON.stringify(sources, null, 2)}\n` },
  ];
}
