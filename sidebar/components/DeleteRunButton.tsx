import { useSignal } from '@preact/signals';
import { t } from '../../src/i18n';

/**
 * Delete of an ended research run, its report with it: asked to be confirmed, or kept, as the
 * Library's Delete of a crawl is, since nothing brings the report back.
 */
export function DeleteRunButton({ onDelete }: { onDelete(): void }) {
  const confirming = useSignal(false);
  return confirming.value ? (
    <>
      <button type="button" class="button button--stop" onClick={onDelete} data-testid="workflow-confirm-delete">
        {t('workflow_delete_confirm')}
      </button>
      <button type="button" class="button" onClick={() => (confirming.value = false)} data-testid="workflow-keep">
        {t('workflow_keep')}
      </button>
    </>
  ) : (
    <button
      type="button"
      class="button"
      onClick={() => (confirming.value = true)}
      title={t('workflow_delete_hint')}
      data-testid="workflow-delete"
    >
      {t('delete')}
    </button>
  );
}
