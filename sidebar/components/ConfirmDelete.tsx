import { useSignal } from '@preact/signals';
import { t } from '../../src/i18n';

interface ConfirmDeleteProps {
  /** The test ids' prefix: `<prefix>-delete`, `<prefix>-confirm-delete`, `<prefix>-keep`. */
  prefix: string;
  /** The buttons' class: a list row's small icon buttons, or a view's own. */
  look: 'icon-button' | 'button';
  /** What the confirming button says, and what each says to a screen reader or on hover. */
  confirm: string;
  deleteLabel?: string;
  confirmLabel?: string;
  hint?: string;
  onDelete(): void;
}

/** Delete, confirmed or kept: what it deletes (a crawl's pages, a run's report) nothing brings back. */
export function ConfirmDelete({
  prefix,
  look,
  confirm,
  deleteLabel,
  confirmLabel,
  hint,
  onDelete,
}: ConfirmDeleteProps) {
  const confirming = useSignal(false);
  return confirming.value ? (
    <>
      <button
        type="button"
        class={look === 'icon-button' ? 'icon-button icon-button--danger' : 'button button--stop'}
        onClick={onDelete}
        aria-label={confirmLabel}
        data-testid={`${prefix}-confirm-delete`}
      >
        {confirm}
      </button>
      <button type="button" class={look} onClick={() => (confirming.value = false)} data-testid={`${prefix}-keep`}>
        {t('keep')}
      </button>
    </>
  ) : (
    <button
      type="button"
      class={look}
      onClick={() => (confirming.value = true)}
      aria-label={deleteLabel}
      title={hint}
      data-testid={`${prefix}-delete`}
    >
      {t('delete')}
    </button>
  );
}
