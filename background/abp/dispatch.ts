import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { AbpError, fail, ok, type AbpResponse, type CapabilityInfo } from '../../src/abp/response';
import { describeIssues } from '../../src/messaging/router';
import { describeFailure } from '../storage/storage-errors';
import type { CallContext, Capability } from './capability';

export type CapabilityTable = ReadonlyMap<string, Capability>;

/**
 * Runs one call: unknown name → UNKNOWN_CAPABILITY, params that fail the schema →
 * INVALID_PARAMS naming the field (and the handler never runs, so nothing changes), an
 * AbpError → its code, anything else → OPERATION_FAILED, reported to `onFailure`.
 */
export async function dispatch(
  table: CapabilityTable,
  name: string,
  rawParams: unknown,
  ctx: CallContext,
  onFailure: (capability: string, message: string) => Promise<void>,
): Promise<AbpResponse> {
  const capability = table.get(name);
  if (!capability)
    return fail(
      'UNKNOWN_CAPABILITY',
      `There is no capability "${name.slice(0, 100)}"; listCapabilities() names those there are.`,
    );
  // An agent may leave out the params of a capability that takes none.
  const parsed = v.safeParse(capability.params, rawParams ?? {});
  if (!parsed.success) return fail('INVALID_PARAMS', `Invalid params for ${name}: ${describeIssues(parsed.issues)}`);
  try {
    return ok(await capability.handle(parsed.output, ctx));
  } catch (error) {
    if (error instanceof AbpError) return fail(error.code, error.message, undefined, error.details);
    const message = describeFailure(error);
    await onFailure(name, message);
    return fail('OPERATION_FAILED', `${name} failed: ${message}`);
  }
}

/**
 * The `listCapabilities()` entries, with each params schema as JSON Schema. Every listed
 * capability works in both browsers, so each is available; one that is not built is not listed.
 */
export function describeCapabilities(table: CapabilityTable): CapabilityInfo[] {
  return [...table.values()].map((capability) => {
    // 'ignore' leaves out what JSON Schema cannot say (transforms, custom checks); valibot still enforces it.
    const { $schema: _draft, ...inputSchema } = toJsonSchema(capability.params, { errorMode: 'ignore' }) as Record<
      string,
      unknown
    >;
    const { name, description, annotations } = capability;
    return { name, description, available: true, annotations, inputSchema };
  });
}
