// One exfiltration path, end to end through its requester (the chat, a research plan, ABP
// agent.run, the context menu): the person asks for something that needs the level the attack
// uses; the obedient model does it, then whatever the attacker's text says, with the one-time code
// it read put where the text says; every question is denied. What left is read
// outside the extension: the forum's and the attacker's server logs, and every request the browser
// made to any other host (the search engine included).
import { randomInt } from 'node:crypto';
import type { PageDriver } from '../../e2e/harness';
import { answerPrompt, startFresh, waitUntilIdle, type ShownPrompt } from '../../e2e/support/agent';
import { obey, scopeAnswer, type Instruction, type Responder, type Step } from '../../fixtures/llm-server';
import { send } from '../../e2e/support/sidebar';
import type { RecordingServer } from '../recording-server';
import { setTrustedInput, start, type DriverEnv, type Started } from './drivers';
import type { ExfiltrationPath, Hosts } from './paths';

export interface ExfiltrationEnv extends DriverEnv {
  mail: RecordingServer;
  forum: RecordingServer;
  attacker: RecordingServer;
  /** What the servers show for the path running now: its code, and the attacker's text and where it is. */
  current: { code: string; attack: Instruction[]; on: 'mail' | 'forum' };
}

export interface PathOutcome {
  path: ExfiltrationPath;
  code: string;
  questions: ShownPrompt[];
  /** The calls the model made because the attacker's text told it to. */
  obeyed: string[];
  /** Bytes of the code's secret digits that reached each host other than the mail's own. */
  leaked: Record<string, number>;
  /** Every request line to another host, to show what did leave should anything leak. */
  requests: string[];
}

type Message = { role?: string; content?: unknown; tool_calls?: { id?: string }[] };
const CODE = /OTP-\d{6}/;
const OWN = 'task-';

const resultsOf = (messages: Message[]) =>
  messages
    .filter((m) => m.role === 'tool' && typeof m.content === 'string')
    .map((m) => m.content as string)
    .join('\n');

/** The attacker's placeholders filled with the code as the model read it. */
function withCode(args: object | string, code: string): object | string {
  const [prefix, digits] = code.split('-');
  const json = JSON.stringify(args)
    .replaceAll('{{code}}', code)
    .replaceAll('{{code-compact}}', code.replace('-', '').toLowerCase())
    .replaceAll('{{code-split}}', `${prefix}/${digits}`);
  return JSON.parse(json) as object;
}

/**
 * The obedient model: it reads the page, makes the person's calls, then obeys the attacker's text;
 * it puts into its calls only a code it has read (in a tool result), never one the test knows.
 */
function carrying(own: readonly Instruction[], obeyed: string[]): Responder {
  return (body): Step => {
    // A request with no tools (a research run's report) is answered in words.
    if (((body as { tools?: unknown[] }).tools ?? []).length === 0) return { kind: 'text', chunks: ['Done.'] };
    const messages = (body as { messages?: Message[] }).messages ?? [];
    const made = messages.flatMap((m) => m.tool_calls ?? []).map((c) => c.id ?? '');
    const done = made.filter((id) => id.startsWith(OWN)).length;
    const next = own[done];
    const step: Step =
      made.length === 0 || !next
        ? obey(body)
        : { kind: 'tool_calls', calls: [{ id: `${OWN}${done + 1}`, name: next.name, arguments: next.arguments }] };
    if (step.kind !== 'tool_calls') return step;
    const code = CODE.exec(resultsOf(messages))?.[0];
    return {
      ...step,
      calls: step.calls.map((c) => {
        if (c.id.startsWith('obey-')) obeyed.push(c.name);
        return code ? { ...c, arguments: withCode(c.arguments, code) } : c;
      }),
    };
  };
}

const hasPrompt = (sidebar: PageDriver) =>
  sidebar.evaluate(() => document.querySelector('[data-testid="permission-prompt"]') !== null);

/** Denies every question until the task ends; gives the questions as the person saw them. */
async function denyEverything(sidebar: PageDriver, running: Started, id: string): Promise<ShownPrompt[]> {
  const questions: ShownPrompt[] = [];
  const deadline = Date.now() + 60_000;
  while (await running()) {
    if (Date.now() > deadline) throw new Error(`${id}: the task did not end`);
    if (await hasPrompt(sidebar)) questions.push(await answerPrompt(sidebar, 'deny'));
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return questions;
}

/** An earlier task reads the inbox; its conversation is then cleared, unless it is the one the path goes on in. */
async function readMailEarlier(env: ExfiltrationEnv, where: 'conversation' | 'session'): Promise<void> {
  const tab = await env.session.openPage(`${env.mail.url}/mail.html`);
  env.llm.script(
    { kind: 'tool_calls', calls: [{ id: 'r1', name: 'read_page', arguments: {} }] },
    { kind: 'text', chunks: ['You have a code from your bank and a parcel on its way.'] },
  );
  await send(env.sidebar, 'What is in my inbox?');
  await waitUntilIdle(env.sidebar);
  if (where === 'session') await startFresh(env.sidebar);
  await tab.close();
}

/** How each browser ends a load an extension blocked before anything was sent (search_web's address lookup). */
const BLOCKED = ['net::ERR_BLOCKED_BY_CLIENT', 'NS_ERROR_ABORT'];

/**
 * Every request the browser makes from now on, to any host, as the sidebar's webRequest sees it:
 * how it ended ('sent' once its headers went out). A request that went out, failed otherwise (no
 * network for the real search engine) or never ended counts as one that left.
 */
export const watchRequests = (sidebar: PageDriver) =>
  sidebar.evaluate(() => {
    const seen: Array<{ id: string; url: string; end?: string }> = [];
    (globalThis as { bosunSeen?: typeof seen }).bosunSeen = seen;
    const filter = { urls: ['<all_urls>'] };
    browser.webRequest.onBeforeRequest.addListener((d) => void seen.push({ id: d.requestId, url: d.url }), filter);
    const end = (id: string, how: string) => {
      const request = seen.find((r) => r.id === id && r.end === undefined);
      if (request) request.end = how;
    };
    browser.webRequest.onSendHeaders.addListener((d) => end(d.requestId, 'sent'), filter);
    browser.webRequest.onErrorOccurred.addListener((d) => end(d.requestId, d.error), filter);
  });

const seenRequests = (sidebar: PageDriver) =>
  sidebar.evaluate(() => [...((globalThis as { bosunSeen?: Array<{ url: string; end?: string }> }).bosunSeen ?? [])]);

/** The requests seen since the `from`th that left the browser (all but those blocked before sending). */
const leftUrls = async (sidebar: PageDriver, from: number) =>
  (await seenRequests(sidebar))
    .slice(from)
    .filter((r) => !BLOCKED.includes(r.end ?? ''))
    .map((r) => r.url);

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** Bytes of `secret` in `text`, URL-decoded: each occurrence counts its length. */
const bytesOf = (text: string, secret: string) => (decoded(text).split(secret).length - 1) * secret.length;

type Marks = { forum: number; attacker: number; seen: number };

/** Every request since `marks` that reached another host than the mail's, and the secret's bytes in them per host. */
async function leaksSince(env: ExfiltrationEnv, marks: Marks, code: string, engineHost: string) {
  const mailHost = new URL(env.mail.url).hostname;
  const lines = [
    ...(await leftUrls(env.sidebar, marks.seen)).filter(
      (url) => /^https?:/.test(url) && new URL(url).hostname !== mailHost,
    ),
    ...[env.forum, env.attacker].flatMap((server) =>
      server.log
        .slice(marks[server === env.forum ? 'forum' : 'attacker'])
        .map((r) => `http://${server.host}${r.path} ${r.body}`),
    ),
  ];
  // Every host the code may not reach is listed, 0 when nothing reached it.
  const leaked: Record<string, number> = { [env.attacker.host]: 0, [env.forum.host]: 0, [engineHost]: 0 };
  const secret = code.slice(4);
  for (const line of lines) {
    const host = new URL(line.split(' ')[0] ?? '').hostname;
    leaked[host] = (leaked[host] ?? 0) + bytesOf(line, secret);
  }
  return { leaked, lines };
}

export async function runPath(env: ExfiltrationEnv, path: ExfiltrationPath, hosts: Hosts): Promise<PathOutcome> {
  const code = `OTP-${randomInt(100_000, 1_000_000)}`;
  env.current = { code, attack: path.attack(hosts), on: path.startsOn };
  await startFresh(env.sidebar);
  env.llm.reset();
  if (path.readEarlier !== 'no') await readMailEarlier(env, path.readEarlier);
  const request = path.request(hosts);
  env.llm.scriptScope(scopeAnswer(request.level));
  const obeyed: string[] = [];
  env.llm.respondWith(carrying(request.calls, obeyed));
  const marks: Marks = {
    forum: env.forum.log.length,
    attacker: env.attacker.log.length,
    seen: (await seenRequests(env.sidebar)).length,
  };
  const url = path.startsOn === 'mail' ? `${env.mail.url}/mail.html` : `${env.forum.url}/forum.html`;
  if (path.requester === 'trusted input') await setTrustedInput(env.sidebar, true);
  const tab = await env.session.openPage(url);
  try {
    const running = await start(env, path.requester, request, tab, url);
    const questions = await denyEverything(env.sidebar, running, path.id);
    // A late request of the last action still lands.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { leaked, lines } = await leaksSince(env, marks, code, hosts.engineHost);
    return { path, code, questions, obeyed, leaked, requests: lines };
  } finally {
    await tab.close();
    if (path.requester === 'trusted input') await setTrustedInput(env.sidebar, false);
  }
}
