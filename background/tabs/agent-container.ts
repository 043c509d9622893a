import * as v from 'valibot';
import { browser } from '../../src/platform/browser';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import { AgentContainer } from '../../src/protocol/common';
import type { SettingsService } from '../settings/settings-service';

type CreateProperties = Parameters<typeof browser.tabs.create>[0];

/**
 * The Firefox container the person chose for the tabs tasks open (Settings), by its cookie store id;
 * none in Chrome, which has no containers. Each tab a task opens is created in it.
 */
let chosen: string | undefined;
/** Hears that the chosen container no longer exists (whenAgentContainerGone). */
let gone: () => void = () => undefined;

/** Follows the settings: a stored value that is no container id (an older or edited store) is not used. */
export function chooseAgentContainer(cookieStoreId: string | undefined): void {
  chosen = __TARGET__ === 'firefox' && v.is(AgentContainer, cookieStoreId) ? cookieStoreId : undefined;
}

const GONE =
  "The Firefox container you chose for the agent's tabs no longer exists, so Bosun now opens them outside any container. Choose another in Settings to keep them apart from your own browsing again.";

interface GoneDeps {
  settings: Pick<SettingsService, 'current' | 'save'>;
  broadcast(message: BackgroundToSidebar): void;
  notify(title: string, message: string): Promise<void>;
}

/** When the chosen container is found gone: the setting is cleared (Settings shows none), and the person told. */
export function whenAgentContainerGone(deps: GoneDeps): void {
  gone = () =>
    void (async () => {
      const current = deps.settings.current();
      if (current?.agentContainer !== undefined) {
        const kept = { ...current };
        delete kept.agentContainer;
        await deps.settings.save(kept);
        deps.broadcast({ type: 'SETTINGS', payload: kept });
      }
      deps.broadcast({ type: 'ERROR', payload: { error: GONE, inReplyTo: null } });
      await deps.notify('Bosun: the container for its tabs is gone', GONE);
    })().catch((error: unknown) => console.warn('Bosun: could not let go of the removed container:', error));
}

const exists = (cookieStoreId: string) =>
  browser.contextualIdentities.get(cookieStoreId).then(
    () => true,
    () => false,
  );

/**
 * Opens a tab for a task, crawl or scrape: in the agent's container, where the person chose one. A
 * container removed in Firefox since (or containers turned off) is let go of: the tab opens outside
 * any container, and `gone` hears it once, not at every tab.
 */
export async function openAgentTab(properties: CreateProperties) {
  const container = chosen;
  if (!container) return browser.tabs.create(properties);
  try {
    return await browser.tabs.create({ ...properties, cookieStoreId: container });
  } catch (error) {
    if (await exists(container)) throw error;
    if (chosen === container) {
      chosen = undefined;
      gone();
    }
    return browser.tabs.create(properties);
  }
}
