import type { Permissions } from './browser';

/**
 * Chrome's optional `debugger` permission, which trusted input asks for. The polyfill's types
 * predate it as an optional permission; Chrome accepts it.
 */
export const DEBUGGER_PERMISSION = { permissions: ['debugger'] } as unknown as Permissions.Permissions;
