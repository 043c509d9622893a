import type { PermissionPrompt as Prompt } from '../state';
import type { SidebarActions } from '../actions';
import { actionKind, plainQuestion, textsToType } from '../plain-question';
import { t } from '../../src/i18n';
import { showInvisible } from '../../src/show-invisible';
import { beyondInWords } from '../plain-scope';
import { PromptAnswers } from './PromptAnswers';
import { PromptDetails } from './PromptDetails';
import { PromptWhere } from './PromptWhere';

type Decision = Parameters<SidebarActions['answer']>[1];

const args = (prompt: Prompt): Record<string, unknown> =>
  prompt.parameters !== null && typeof prompt.parameters === 'object' && !Array.isArray(prompt.parameters)
    ? (prompt.parameters as Record<string, unknown>)
    : {};

/**
 * The question the gate asks, read in two seconds: the action in words, the site, why it asks, the exact
 * text to be typed; Allow once and Deny first, the lasting answers below saying what each covers (a critical
 * one: its reason first, Deny primary, no lasting answer). The tool, its level and its raw arguments wait
 * behind a disclosure. Access keys: Alt(+Shift)+A and D; Escape denies.
 */
export function PermissionPrompt({
  prompt,
  waiting,
  onAnswer,
}: {
  prompt: Prompt;
  waiting: number;
  onAnswer: SidebarActions['answer'];
}) {
  const kind = actionKind(prompt.toolName);
  const answer = (decision: Decision) => () => onAnswer(prompt.id, decision);
  return (
    <section
      class={`prompt${prompt.critical || prompt.dataFlow ? ' prompt--critical' : ''}`}
      role="alertdialog"
      aria-labelledby="prompt-title"
      aria-describedby="prompt-why"
      data-testid="permission-prompt"
      data-id={prompt.id}
    >
      {/* The words of the task that asks (with tasks side by side, not always the conversation in sight). */}
      {prompt.request ? (
        <p class="prompt-request" data-testid="prompt-request">
          {t('prompt_request', showInvisible(prompt.request))}
        </p>
      ) : null}
      {/* A critical question gives its reason before the question itself. */}
      {prompt.critical ? (
        <p class="prompt-critical" data-testid="prompt-critical">
          {showInvisible(t('prompt_critical', prompt.critical))}
        </p>
      ) : null}
      <DataFlows prompt={prompt} />
      <h2 id="prompt-title" data-testid="prompt-title">
        {showInvisible(plainQuestion(prompt.toolName, args(prompt), prompt.summary))}
      </h2>
      <PromptWhere prompt={prompt} />
      {prompt.beyondScope ? (
        <p class="prompt-beyond" data-testid="prompt-beyond-scope">
          {beyondInWords(prompt.beyondScope)}
        </p>
      ) : null}
      <p class="prompt-why" id="prompt-why" data-testid="prompt-why">
        {t('prompt_why', kind)}
      </p>
      <TypedTexts texts={textsToType(prompt.toolName, args(prompt))} />
      <PromptAnswers prompt={prompt} kind={kind} answer={answer} />
      <PromptDetails prompt={prompt} />
      {waiting > 0 ? <p class="hint">{t('prompt_waiting', waiting)}</p> : null}
    </section>
  );
}

/** The exact texts the action would type, shown whole so the person reads what leaves their hands. */
function TypedTexts({ texts }: { texts: string[] }) {
  if (texts.length === 0) return null;
  return (
    <div class="prompt-typed">
      <p>{t('prompt_will_type')}</p>
      {texts.map((value, i) => (
        <pre key={i} data-testid="prompt-typed">
          {showInvisible(value)}
        </pre>
      ))}
    </div>
  );
}

/** What would leave, from where, to where: each piece exactly as it was read. */
function DataFlows({ prompt }: { prompt: Prompt }) {
  if (!prompt.dataFlow?.length) return null;
  return (
    <div class="prompt-critical" data-testid="prompt-data-flow">
      {prompt.dataFlow.map((flow, i) => (
        <p key={i} data-testid="prompt-data-flow-piece">
          {showInvisible(t('prompt_data_flow', flow.from.join(', '), flow.text, flow.to))}
        </p>
      ))}
      <p class="hint">{t('prompt_data_flow_hint')}</p>
    </div>
  );
}
