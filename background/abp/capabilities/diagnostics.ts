import * as v from 'valibot';
import type { ErrorLogEntry } from '../../storage/db';
import type { ErrorLog } from '../../diagnostics/error-log';
import { defineCapability, READS_BOSUN, REMOVES, type Capability } from '../capability';
import { extensionInfo } from './extension-info';

/** How many of the newest errors a report shows; diagnostics.getErrors returns them all. */
const REPORT_ERRORS = 20;

const errorLine = (e: ErrorLogEntry) => `${new Date(e.timestamp).toISOString()} [${e.source}] ${e.message}`;

async function report(errors: ErrorLog) {
  const logs = await errors.list();
  return {
    generatedAt: new Date().toISOString(),
    extension: await extensionInfo(),
    userAgent: navigator.userAgent,
    errors: { count: logs.length, recent: logs.slice(-REPORT_ERRORS) },
  };
}

/** The report as text a person can paste into a bug report. */
function reportText(r: Awaited<ReturnType<typeof report>>): string {
  const { extension: ext } = r;
  const usage = ext.storageUsage ? `${ext.storageUsage.usage} of ${ext.storageUsage.quota} bytes` : 'unknown';
  return [
    `Bosun diagnostic report, ${r.generatedAt}`,
    `${ext.name} ${ext.version} (manifest v${ext.manifestVersion}) on ${ext.browser}, id ${ext.extensionId}`,
    `User agent: ${r.userAgent}`,
    `Storage used: ${usage}`,
    `Errors: ${r.errors.count}${r.errors.count > r.errors.recent.length ? ` (the newest ${r.errors.recent.length} below)` : ''}`,
    ...r.errors.recent.map(errorLine),
  ].join('\n');
}

export function diagnosticsCapabilities(errors: ErrorLog): Capability[] {
  return [
    defineCapability({
      name: 'diagnostics.getReport',
      annotations: READS_BOSUN,
      description: 'Generate a diagnostic report: extension, browser, storage and recent errors (no settings or keys)',
      params: v.strictObject({ format: v.optional(v.picklist(['json', 'string'])) }),
      handle: async ({ format }) => {
        const r = await report(errors);
        return { report: format === 'string' ? reportText(r) : r };
      },
    }),
    defineCapability({
      name: 'diagnostics.getErrors',
      annotations: READS_BOSUN,
      description: 'Get the error log (oldest first), or only its size',
      params: v.strictObject({ countOnly: v.optional(v.boolean()) }),
      handle: async ({ countOnly }) => {
        if (countOnly) return { count: await errors.count() };
        const logs = await errors.list();
        return { logs, count: logs.length };
      },
    }),
    defineCapability({
      name: 'diagnostics.clearErrors',
      annotations: REMOVES,
      description: 'Clear the error log',
      params: v.strictObject({}),
      handle: async () => {
        await errors.clear();
        return { cleared: true };
      },
    }),
  ];
}
