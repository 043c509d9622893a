import type { ToolOutput } from '../tools/types';
import type { ActionLog } from './action-log';
import type { Operation } from './operations';
import type { PolicyStore } from './policy-store';
import type { Prompts } from './prompts';
import type { ScopeHolder } from './scope-check';

export interface GateDeps {
  policy: PolicyStore;
  prompts: Prompts;
  log: ActionLog;
  /** How long a question waits for the person before it counts as a deny. */
  promptTimeoutMs(): number;
}

export interface GateCall {
  name: string;
  args: unknown;
  /**
   * The args were checked against the tool's own schema where they entered the background (an ABP
   * capability whose params hold the tool's entries): the gate does not check them a second time.
   */
  argsChecked?: true;
  /** The run this call belongs to: a `deny` is remembered for the rest of it. */
  runId: string;
  /**
   * The run whose readings the data-flow rule keeps and checks, where it is not runId: an ABP page's
   * connection, which outlives its sessions, so a new session cannot shed what the last one read.
   */
  flowRun?: string;
  /** Who asked, shown in the prompt and the log: the chat, a workflow step, an ABP client. */
  requester: string;
  /** Called once the action is allowed, right before it runs; `asked` when the person was asked first. */
  beforeRun?(asked: boolean): Promise<void>;
  /**
   * Takes the write of the call's Action Log entry, to make with its own records and wait for before
   * its next action; without it the gate makes the write and waits for it before it answers.
   */
  keepLog?(write: () => Promise<void>): void;
  /**
   * Called right before the gate stores the entry that an allowed action is running, or asks the
   * person: writes the caller issues now land in that entry's transaction, or before the wait.
   */
  settle?(): void;
  /**
   * Called with the element's name on the page once the page has described it, before any question,
   * and the page the action happens on.
   */
  described?(label: string, url: string): void;
  /**
   * How long a question may wait for this caller (ms), where it is not the person's own setting:
   * an MCP client gives up after its own timeout, and 0 means nobody can answer (a headless
   * bridge), so nobody is asked. Unanswered, such a call throws QuestionUnanswered instead of
   * counting as the person's deny.
   */
  questionTimeoutMs?: number;
  /**
   * What this task may do (every agent task has one: the person's words, an ABP client's task text,
   * a workflow step's approved plan, an attached client's stated task): an action beyond it asks even
   * where a grant or the site's trust would approve it. Calls outside any task (ABP capabilities, the
   * bridge's own browser, an attached client that stated none) have none.
   */
  scope?: ScopeHolder;
  /** How the log names an approval that came from a grant: a chat task's approved plan says so. */
  grantedAs?: string;
  /**
   * The person's own words for this run (a chat task: their messages of the conversation): text in
   * them may go anywhere. A run without a person (ABP, the bridge) has none.
   */
  personWords?: readonly string[];
  /** The person's words the task began from, shown with each question it raises (chat tasks). */
  request?: string;
}

/** A request to open or read a site outside the tool registry: an ABP crawl, a picked page. */
export interface SiteAccess {
  /** What is asked for, at its declared level: the question and the log name it ("crawl_site"). */
  operation: Operation;
  url: string;
  args: unknown;
  runId: string;
  /** As GateCall's. */
  flowRun?: string;
  requester: string;
  summary?: string;
  /** How the log names an approval that came from a grant (a workflow's approved plan). */
  grantedAs?: string;
  /** As GateCall's: how long a question may wait for this caller. */
  questionTimeoutMs?: number;
  /** As GateCall's: what the task may do (an attached client's stated task). */
  scope?: ScopeHolder;
  /** Text the access would send to `url` besides the URL's own parts (the bridge's typing there). */
  sends?: readonly string[];
}

export interface GateResult extends ToolOutput {
  outcome: 'success' | 'failed' | 'denied';
  decision: string;
  site: string;
  /** The element the action was about, by its name on the page, for the chat's line in words. */
  label?: string;
}
