import { sendsUrl } from '../tools/targets';
import type { Sent, Target, Tool } from '../tools/types';
import type { RunReadings } from './run-readings';

/** One piece of text that would leave: as it was read, the sites it was read on, where it would go. */
export interface DataFlow {
  text: string;
  from: string[];
  to: string;
}

/** What the question and the log may show of a piece: enough to recognise it, never a page's worth. */
const MAX_SHOWN = 300;
const MAX_FLOWS = 10;

/** The flows an action would make in its run: its sent values checked against the run's readings. */
export function dataFlows(
  readings: RunReadings,
  runId: string,
  sent: readonly Sent[],
  personWords: readonly string[],
): DataFlow[] {
  return readings
    .flows(runId, sent, personWords)
    .flatMap(({ to, flows }) =>
      flows.map((f) => ({ text: f.text.slice(0, MAX_SHOWN), from: [...f.from].slice(0, 5), to })),
    )
    .slice(0, MAX_FLOWS);
}

/** What a tool call sends, as its declaration says. */
export const sentBy = (tool: Tool, args: unknown, target: Target): Sent[] => [
  ...(tool.sends?.(args, target) ?? []),
  // Where a click goes is part of the click: its destination's address carries what it holds there
  // (a link read whole on a page and followed to its own site passes, as for navigate).
  ...(target.destination === undefined ? [] : sendsUrl(target.destination)),
];

/** The values an action types or chooses on the page: what it sends that is no address it goes to. */
export const typedBy = (sent: readonly Sent[]): string[] => sent.filter((s) => s.link === undefined).map((s) => s.text);

/** What a non-tool access sends: its URL's parts, and any text it says it will type there. */
export const sentByAccess = (url: string, sends: readonly string[] = []): Sent[] => [
  ...sendsUrl(url),
  ...sends.map((text) => ({ text, to: url })),
];

/** "text read on mail.example — "OTP-483920" — to forum.example", for the log and the model. */
export const flowInWords = (flows: readonly DataFlow[]): string =>
  flows.map((f) => `text read on ${f.from.join(', ')} — "${f.text}" — to ${f.to}`).join('; ');
