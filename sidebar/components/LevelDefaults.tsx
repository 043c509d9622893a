import type { PermissionChange } from '../../src/protocol/sidebar-to-background';
import type { Policy } from '../state';
import { t } from '../../src/i18n';

const LEVELS = [
  { level: 'read-only', meaning: t('permissions_level_read_only') },
  { level: 'navigate', meaning: t('permissions_level_navigate') },
  { level: 'interact', meaning: t('permissions_level_interact') },
  { level: 'submit', meaning: t('permissions_level_submit') },
] as const;

/** What each permission level does by default: allow (read-only only), ask, or never. */
export function LevelDefaults({ policy, onChange }: { policy: Policy; onChange(change: PermissionChange): void }) {
  return (
    <>
      {LEVELS.map(({ level, meaning }) => (
        <label class="level-row" key={level}>
          <span>{meaning}</span>
          <select
            data-testid={`default-${level}`}
            value={policy.defaults[level]}
            onChange={(e) =>
              onChange({
                kind: 'set-default',
                level,
                verdict: e.currentTarget.value as 'auto-approve' | 'ask' | 'deny',
              })
            }
          >
            {level === 'read-only' ? <option value="auto-approve">{t('verdict_allow')}</option> : null}
            <option value="ask">{t('verdict_ask')}</option>
            <option value="deny">{t('verdict_never')}</option>
          </select>
        </label>
      ))}
    </>
  );
}
