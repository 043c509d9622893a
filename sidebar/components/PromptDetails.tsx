import type { PermissionPrompt as Prompt } from '../state';
import { t } from '../../src/i18n';
import { showInvisible, showInvisibleJson } from '../../src/show-invisible';

/** The tool, its level and its raw arguments, behind a disclosure. */
export function PromptDetails({ prompt }: { prompt: Prompt }) {
  return (
    <details class="prompt-more">
      <summary>{t('prompt_details_summary')}</summary>
      <dl class="prompt-details">
        <dt>{t('prompt_action')}</dt>
        <dd data-testid="prompt-tool">{showInvisible(prompt.toolName)}</dd>
        {prompt.summary ? (
          <>
            <dt>{t('prompt_target')}</dt>
            <dd data-testid="prompt-summary">{showInvisible(prompt.summary)}</dd>
          </>
        ) : null}
        <dt>{t('prompt_level')}</dt>
        <dd data-testid="prompt-level">{prompt.permissionLevel}</dd>
        <dt>{t('prompt_details')}</dt>
        <dd>
          <pre data-testid="prompt-parameters">{showInvisibleJson(prompt.parameters, 1)}</pre>
        </dd>
      </dl>
    </details>
  );
}
