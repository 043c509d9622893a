import * as v from 'valibot';
import { isSiteKey } from './site';
import { grantSchema, policySchema, type Grant as GrantShape, type HarborPolicy as PolicyShape } from './types';

/** The policy schemas with the canonical site check (sites as siteOf returns them). */
export const SiteKey = v.pipe(
  v.string(),
  v.check((site: string) => isSiteKey(site), 'must be a registrable site as siteOf returns it, e.g. example.com'),
);
export const Grant = grantSchema(SiteKey);
export type Grant = GrantShape;
export const HarborPolicy = policySchema(SiteKey);
export type HarborPolicy = PolicyShape;
