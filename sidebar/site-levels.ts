import type { PermissionLevel } from '../policy/vocabulary';
import { t } from '../src/i18n';

/**
 * Each level a site may be trusted up to, in the words a person reads wherever a level shows: the
 * question's "Always let Bosun click and type here", the Permissions form and its list of rules.
 */
export const SITE_RULES = [
  { rule: 'read-only', label: t('site_rule_read_only') },
  { rule: 'navigate', label: t('site_rule_navigate') },
  { rule: 'interact', label: t('site_rule_interact') },
  { rule: 'submit', label: t('site_rule_submit') },
  { rule: 'blocked', label: t('site_rule_blocked') },
] as const;

/** A site rule in words ("let Bosun click and type here"). */
export const siteRuleInWords = (rule: PermissionLevel | 'blocked'): string =>
  SITE_RULES.find((r) => r.rule === rule)?.label ?? '';
