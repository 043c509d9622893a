import { useEffect, useState } from 'preact/hooks';
import { t } from '../../src/i18n';
import { browser } from '../../src/platform/browser';

/** What opening a tab in a container takes in Firefox: asked for once, on the person's click. */
const CONTAINER_PERMISSIONS = { permissions: ['cookies' as const] };

interface Container {
  cookieStoreId: string;
  name: string;
}

const listContainers = async (): Promise<Container[]> =>
  (await browser.contextualIdentities.query({})).map(({ cookieStoreId, name }) => ({ cookieStoreId, name }));

/**
 * Firefox only: the container the tabs a task opens open in, picked among the person's own; none
 * (the default) keeps them in the browser's default one. Choosing asks for the cookies permission
 * first, once, which Firefox requires of an extension that opens a tab in a container.
 */
export function ContainerSection({ chosen, onChange }: { chosen: string; onChange(cookieStoreId: string): void }) {
  const [containers, setContainers] = useState<Container[] | null>(null);
  useEffect(() => {
    void browser.permissions
      .contains(CONTAINER_PERMISSIONS)
      .then(async (granted) => (granted ? setContainers(await listContainers()) : undefined))
      .catch(() => undefined);
  }, []);
  const show = async () => {
    // Asked for on the person's click, as the browser requires.
    const granted = await browser.permissions.request(CONTAINER_PERMISSIONS).catch(() => false);
    if (granted) setContainers(await listContainers().catch(() => []));
  };
  const gone = chosen !== '' && containers !== null && !containers.some((c) => c.cookieStoreId === chosen);
  return (
    <section class="settings" data-testid="agent-container-section">
      <h2>{t('container_title')}</h2>
      <p class="hint">{t('container_explain')}</p>
      {containers === null ? (
        <button type="button" class="button" data-testid="agent-container-show" onClick={() => void show()}>
          {t('container_show')}
        </button>
      ) : (
        <label>
          <span>{t('container_label')}</span>
          <select data-testid="agent-container" value={chosen} onChange={(e) => onChange(e.currentTarget.value)}>
            <option value="">{t('container_none')}</option>
            {containers.map((c) => (
              <option key={c.cookieStoreId} value={c.cookieStoreId}>
                {c.name}
              </option>
            ))}
            {gone ? <option value={chosen}>{t('container_gone')}</option> : null}
          </select>
        </label>
      )}
    </section>
  );
}
