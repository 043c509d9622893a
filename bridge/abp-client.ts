import * as v from 'valibot';
import { AbpResponse, CapabilityInfo } from '../src/abp/response';
import { describeIssues } from '../src/messaging/router';
import { ToolError } from './errors';

/** The part of abp-app.html's `window.abp` the bridge uses. */
interface WindowAbp {
  initialize(params: unknown): Promise<unknown>;
  listCapabilities(): Promise<unknown>;
  call(capability: string, params: unknown): Promise<unknown>;
}
type WithAbp = { abp: WindowAbp };

/** Bosun's ABP page in a tab, as either engine's page object offers it. */
export interface AbpPage {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  isClosed(): boolean;
}

const CapabilityList = v.array(CapabilityInfo);

/** What the page answered is checked like any other input before the bridge relies on it. */
function checked<S extends v.GenericSchema>(schema: S, value: unknown, what: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, value);
  if (parsed.success) return parsed.output;
  throw new ToolError(
    `Bosun's ABP page answered ${what} in an unexpected shape: ${describeIssues(parsed.issues)}.`,
    'Rebuild Bosun (npm run build) so the bridge and the extension match.',
  );
}

/**
 * An agent's session on Bosun's ABP page (abp-app.html in a tab of the bridge's browser): the same
 * window.abp an agent in a page uses, so every call goes through Bosun's permission gate.
 */
export class AbpClient {
  private constructor(private readonly page: AbpPage) {}

  /** `page` shows abp-app.html, loaded. */
  static async open(page: AbpPage, agent: { name: string; version: string }): Promise<AbpClient> {
    await page.evaluate(
      (who) => (window as unknown as WithAbp).abp.initialize({ agent: who, protocolVersion: '0.1', features: {} }),
      agent,
    );
    return new AbpClient(page);
  }

  get closed(): boolean {
    return this.page.isClosed();
  }

  async listCapabilities(): Promise<CapabilityInfo[]> {
    return checked(
      CapabilityList,
      await this.page.evaluate(() => (window as unknown as WithAbp).abp.listCapabilities(), undefined),
      'listCapabilities()',
    );
  }

  async call(capability: string, params: unknown): Promise<AbpResponse> {
    const answer = await this.page.evaluate(
      ({ capability, params }) => (window as unknown as WithAbp).abp.call(capability, params),
      { capability, params },
    );
    return checked(AbpResponse, answer, capability);
  }
}
