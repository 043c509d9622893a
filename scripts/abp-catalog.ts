/**
 * Build-time only (build.mjs bundles and runs it in Node for the bridge): the ABP capabilities as listCapabilities() describes
 * them, from the same capability table and schemas the extension is built from, so the bridge lists
 * its abp_* tools without starting a browser; and the page actions it offers as browser_* tools,
 * from the chat tools' own declarations. The capabilities' dependencies are not needed to
 * describe them: nothing here calls a handler.
 */
import { createCapabilityTable, type CapabilityDeps } from '../background/abp/capability-table';
import { describeCapabilities } from '../background/abp/dispatch';
import { describePageActions } from '../background/abp/page-actions';

export const capabilities = describeCapabilities(createCapabilityTable({} as CapabilityDeps));
export const pageActions = describePageActions();
