// The scripted model's answer when a replay asks it for one step: it reads the recorded step and
// the page as it is now from the request, as a model would, and finds the element under the name
// the page now gives it (a variant page renamed it; `renamed` is what a model reading both would see).
import type { Responder } from '../../tests/fixtures/llm-server/script';
import { indexByLabel } from '../../tests/e2e/support/listing';
import { answer, call, toolResults } from '../../tests/e2e/support/scripted-turns';

const STEP = /Recorded step[^:]*: (\{.*\})$/m;
const NAMED = /^(.*?) "([^"]*)"/;

interface Recorded {
  tool: string;
  args: Record<string, unknown>;
  element?: string;
  to?: string;
}

function systemOf(body: unknown): string {
  const first = (body as { messages?: { role: string; content?: unknown }[] }).messages?.[0];
  return first?.role === 'system' ? String(first.content) : '';
}

export function replayStepModel(renamed: Readonly<Record<string, string>>): Responder {
  return (body) => {
    const recorded = STEP.exec(systemOf(body))?.[1];
    if (!recorded) return answer('I was not asked for a replayed step.');
    const step = JSON.parse(recorded) as Recorded;
    const listing = toolResults(body).at(-1) ?? '';
    const indexOf = (element: string): number => {
      const [, role = '', label = ''] = NAMED.exec(element) ?? [];
      return indexByLabel(listing, role, renamed[label] ?? label);
    };
    try {
      return call(step.tool, {
        ...step.args,
        ...(step.element ? { index: indexOf(step.element) } : {}),
        ...(step.to ? { to: indexOf(step.to) } : {}),
      });
    } catch (error) {
      return answer(`I could not do the step: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}
