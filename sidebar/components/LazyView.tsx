import type { ComponentType } from 'preact';
import { t } from '../../src/i18n';
import { retryView, viewLoad, type LazyViewName, type LazyViewProps } from '../view-loader';

interface LazyViewOwnProps<K extends LazyViewName> {
  name: K;
  props: LazyViewProps<K>;
}

/**
 * A view loaded on first use: a loading line until its code has arrived, then the view itself;
 * a load that failed says why and offers to try again.
 */
export function LazyView<K extends LazyViewName>({ name, props }: LazyViewOwnProps<K>) {
  const load = viewLoad(name);
  if (load.status === 'ready') {
    // The props were checked against this view's where LazyView is used; the name picks the view.
    const View = load.view as ComponentType<object>;
    return <View {...(props as object)} />;
  }
  if (load.status === 'failed') {
    return (
      <div class="notice" role="alert" data-testid="view-load-failed">
        <span>{t('view_load_failed', load.error)}</span>
        <button type="button" data-testid="view-load-retry" onClick={() => retryView(name)}>
          {t('view_load_retry')}
        </button>
      </div>
    );
  }
  return (
    <p class="hint view-loading" role="status" data-testid="view-loading">
      {t('loading')}
    </p>
  );
}
