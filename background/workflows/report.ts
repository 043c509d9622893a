import type { WorkflowPlan, WorkflowSource, WorkflowStep } from '../../src/protocol/common';

/** A page a step read, with its text, kept for the ZIP export. */
export interface SourcePage extends WorkflowSource {
  markdown: string;
}

/** What the report says under "Answer": the model's answer, or why there is none. */
export type RunAnswer = { ok: true; markdown: string } | { ok: false; reason: string };

/** Brackets would end a markdown link's text early. */
const linkText = (title: string, url: string) => (title.trim() || url).replace(/[[\]]/g, (c) => `\\${c}`);

/** A link target that a space or a parenthesis in the URL cannot end early. */
export const linkTarget = (url: string) =>
  url.replace(/[\s()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/** Every source of the run, once each, numbered in the order the steps first read them. */
export function numberedSources(plan: WorkflowPlan): WorkflowSource[] {
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
  const cited = (step.sources ?? []).map((s) => `[${numbers.get(s.url)}](${linkTarget(s.url)})`);
  return [`## ${index + 1}. ${step.task}`, body, cited.length ? `Sources: ${cited.join(', ')}` : '']
    .filter(Boolean)
    .join('\n\n');
}

const answerSection = (answer: RunAnswer) =>
  `## Answer\n\n${answer.ok ? answer.markdown : `The answer could not be written: ${answer.reason} The findings below are as the steps recorded them.`}`;

/**
 * The final report: the answer (when the run has one), each step's findings, then every page read,
 * cited by title and URL. The findings and sources are built from what the steps recorded, not
 * written by the model, so no source can go missing or be invented; the answer cites only them.
 */
export function buildReport(plan: WorkflowPlan, answer?: RunAnswer): string {
  const sources = numberedSources(plan);
  const numbers = new Map(sources.map((s, i) => [s.url, i + 1]));
  const list = sources.map((s, i) => `${i + 1}. [${linkText(s.title, s.url)}](${linkTarget(s.url)})`);
  return (
    [
      `# ${plan.intent}`,
      ...(answer ? [answerSection(answer)] : []),
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
