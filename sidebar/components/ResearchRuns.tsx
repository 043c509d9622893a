import type { WorkflowPlan } from '../../src/protocol/common';
import { t } from '../../src/i18n';
import { STATUS_LABEL } from './WorkflowProgress';

interface RunsProps {
  runs: readonly WorkflowPlan[];
  shownId: string | undefined;
  onShow(id: string): void;
}

/**
 * Every kept research run, newest first, each with its status: picking one shows it in full below
 * (its plan to approve, its progress with Cancel or Resume, its report with Run again). Listed only
 * when there is more than one to pick from.
 */
export function ResearchRuns({ runs, shownId, onShow }: RunsProps) {
  if (runs.length < 2) return null;
  return (
    <section class="research-runs" aria-labelledby="research-runs-title">
      <h3 id="research-runs-title">{t('research_runs')}</h3>
      <ul data-testid="research-runs">
        {[...runs].reverse().map((plan) => (
          <li key={plan.id} data-testid="research-run" data-status={plan.status}>
            <button
              type="button"
              class="research-run"
              aria-current={plan.id === shownId ? 'true' : undefined}
              onClick={() => onShow(plan.id)}
            >
              <span class="research-run-intent">{plan.intent}</span>
              <span class="research-run-status">{STATUS_LABEL[plan.status]}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
