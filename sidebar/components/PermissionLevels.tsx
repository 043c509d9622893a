import { t } from '../../src/i18n';

/** First run: what each permission level lets Bosun do, and what it does without asking. */
export function PermissionLevels() {
  return (
    <section class="levels" aria-labelledby="levels-title" data-testid="permission-levels">
      <h3 id="levels-title">{t('levels_title')}</h3>
      <dl>
        <dt>{t('level_read')}</dt>
        <dd>{t('levels_read')}</dd>
        <dt>{t('level_navigate')}</dt>
        <dd>{t('levels_navigate')}</dd>
        <dt>{t('level_interact')}</dt>
        <dd>{t('levels_interact')}</dd>
        <dt>{t('level_submit')}</dt>
        <dd>{t('levels_submit')}</dd>
      </dl>
      <p class="hint">{t('levels_hint')}</p>
    </section>
  );
}
