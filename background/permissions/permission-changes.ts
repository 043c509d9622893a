import type { HarborPolicy } from '../../policy';
import { resolveSite } from '../../policy';
import type { PermissionChange } from '../../src/protocol/sidebar-to-background';

/** Applies one change from the Permissions view to the policy, returning a new policy. */
export function applyPermissionChange(policy: HarborPolicy, change: PermissionChange): HarborPolicy {
  switch (change.kind) {
    case 'revoke-grant':
      return {
        ...policy,
        grants: policy.grants.filter(
          (g) => !(g.tool === change.toolName && g.site === change.site && g.scope === change.scope),
        ),
      };
    case 'set-default':
      // Only read-only may run without asking by default; the engine enforces it too.
      if (change.level !== 'read-only' && change.verdict === 'auto-approve') return policy;
      return { ...policy, defaults: { ...policy.defaults, [change.level]: change.verdict } };
    case 'set-site': {
      const site = resolveSite(change.site);
      if (site.kind !== 'site') return policy;
      const { [site.site]: _old, ...rest } = policy.sites;
      return { ...policy, sites: change.rule === null ? rest : { ...rest, [site.site]: change.rule } };
    }
    case 'set-tool': {
      const { [change.toolName]: _old, ...rest } = policy.tools;
      return { ...policy, tools: change.override === null ? rest : { ...rest, [change.toolName]: change.override } };
    }
  }
}
