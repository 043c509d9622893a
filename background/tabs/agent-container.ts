import * as v from 'valibot';
import { AgentContainer } from '../../src/protocol/common';

/**
 * The Firefox container the person chose for the tabs tasks open (Settings), by its cookie store id;
 * none in Chrome, which has no containers. Each tab a task opens is created in it.
 */
let chosen: string | undefined;

/** Follows the settings: a stored value that is no container id (an older or edited store) is not used. */
export function chooseAgentContainer(cookieStoreId: string | undefined): void {
  chosen = __TARGET__ === 'firefox' && v.is(AgentContainer, cookieStoreId) ? cookieStoreId : undefined;
}

/** What a task's new tab is created with: its container, where the person chose one. */
export const inAgentContainer = (): { cookieStoreId?: string } => (chosen ? { cookieStoreId: chosen } : {});
