import { useEffect, useState } from 'preact/hooks';
import { t } from '../../src/i18n';
import { browser } from '../../src/platform/browser';
import type { BuiltInModelState } from '../../src/protocol/built-in-model';

/** The one line saying what this browser offers, in the browser's own terms, with the reason when it offers nothing. */
function offered(state: BuiltInModelState): string {
  if (state.availability === 'available') return t('built_in_model_available');
  if (state.availability === 'downloadable') return t('built_in_model_downloadable');
  if (state.availability === 'downloading') return t('built_in_model_downloading');
  if (state.reason === 'no-api') return t('built_in_model_no_api');
  if (state.reason === 'check-failed') return t('built_in_model_check_failed');
  return t('built_in_model_unavailable');
}

const TRIAL_ML = 'trialML';

/**
 * Whether Bosun holds Firefox's optional trialML permission (its on-device inference), asked of the
 * browser again whenever the switch changes; null where the manifest offers no such permission (Chrome).
 */
function useTrialMl(on: boolean): boolean | null {
  const offered = browser.runtime.getManifest().optional_permissions?.includes(TRIAL_ML) ?? false;
  const [held, setHeld] = useState<boolean | null>(null);
  useEffect(() => {
    if (!offered) return;
    const check = () =>
      void browser.permissions.contains({ permissions: [TRIAL_ML] }).then(setHeld, () => setHeld(false));
    check();
    browser.permissions.onAdded.addListener(check);
    return () => browser.permissions.onAdded.removeListener(check);
  }, [offered, on]);
  return offered ? held : null;
}

/** Settings → the browser's built-in model: what the browser offers, and a switch (off by default) to use it. */
export function BuiltInModelSection({ state, onChange }: { state: BuiltInModelState; onChange(on: boolean): void }) {
  const trialMl = useTrialMl(state.on);
  return (
    <section class="settings" data-testid="built-in-model">
      <h2>{t('built_in_model_title')}</h2>
      <p data-testid="built-in-model-offered" data-availability={state.availability} data-reason={state.reason ?? ''}>
        {offered(state)}
      </p>
      {trialMl === null ? null : (
        <p data-testid="built-in-model-trial-ml" data-held={String(trialMl)}>
          {trialMl ? t('built_in_model_trial_ml_held') : t('built_in_model_trial_ml_not_held')}
        </p>
      )}
      <p class="hint">{t('built_in_model_explain')}</p>
      <label class="check-row">
        <input
          type="checkbox"
          data-testid="built-in-model-switch"
          checked={state.on}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        <span>{t('built_in_model_switch')}</span>
      </label>
    </section>
  );
}
