import { createReadings, siteOf, type Flow, type Readings } from '../../policy';

/** Runs remembered at once: a run's readings go when it ends, or, unended, when this many newer runs read. */
const MAX_RUNS = 16;
/** Per run: the oldest entries go first past these (a few MB at most). */
const PER_RUN = { tokens: 20_000, phrases: 60_000, links: 5_000 };

/** A value about to leave for `to` (a URL); `link` when the value is that URL's own parts. */
export interface Sent {
  text: string;
  to: string;
  link?: string;
}

/** The site a reading or a sending is keyed by: a URL's registrable site, else the URL as given. */
export const siteKey = (url: string): string => {
  const identity = siteOf(url, { allowFileUrls: true });
  return identity.kind === 'site' ? identity.site : url;
};

/**
 * What each run has read, by site, for the data-flow rule: kept in memory only (a restarted
 * background starts empty, as its runs do), bounded per run and in number of runs.
 */
export function createRunReadings() {
  const runs = new Map<string, Readings>();

  function of(runId: string): Readings {
    let readings = runs.get(runId);
    if (readings) {
      // Most recently used last, so the run evicted is the one idle longest.
      runs.delete(runId);
    } else {
      readings = createReadings(PER_RUN);
      if (runs.size >= MAX_RUNS) runs.delete(runs.keys().next().value as string);
    }
    runs.set(runId, readings);
    return readings;
  }

  return {
    /** A reading `runId` made of the page at `url` (or of a site, as siteOf names it). */
    note(runId: string, url: string, text: string): void {
      of(runId).add(siteKey(url), text);
    },
    /** Each value's pieces read on another site than where it goes, with that destination's site. */
    flows(runId: string, sent: readonly Sent[], personWords: readonly string[]): Array<{ to: string; flows: Flow[] }> {
      const readings = runs.get(runId);
      if (!readings) return [];
      return sent
        .map((s) => {
          const to = siteKey(s.to);
          return { to, flows: readings.flows({ text: s.text, to, ...(s.link ? { link: s.link } : {}) }, personWords) };
        })
        .filter((s) => s.flows.length > 0);
    },
    end(runId: string): void {
      runs.delete(runId);
    },
  };
}
export type RunReadings = ReturnType<typeof createRunReadings>;
