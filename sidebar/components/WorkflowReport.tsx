import { useEffect, useState } from 'preact/hooks';
import type { WorkflowExport } from '../workflow-state';
import { zipFiles } from '../workflow-zip';
import { download } from '../download';
import { Markdown } from './Markdown';
import { t } from '../../src/i18n';

interface ReportProps {
  id: string;
  /** The whole report: what is copied and exported. */
  report: string;
  /** What the view shows of it. */
  shown: string;
  exported: WorkflowExport | null;
  onExport(): void;
}

const ZIP_NAME = 'bosun-report.zip';
const MARKDOWN_NAME = 'bosun-report.md';

/** The final report, rendered safely: exported as markdown in one click, copied, or saved as a ZIP with its sources. */
export function WorkflowReport({ id, report, shown, exported, onExport }: ReportProps) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const [zipUrl, setZipUrl] = useState<string | null>(null);
  const ready = exported?.id === id ? exported : null;
  useEffect(() => {
    if (!ready) return undefined;
    let url: string | null = null;
    let live = true;
    void zipFiles(ready).then((blob) => {
      if (!live) return;
      url = URL.createObjectURL(blob);
      setZipUrl(url);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
      setZipUrl(null);
    };
  }, [ready]);
  const copy = () =>
    navigator.clipboard.writeText(report).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  return (
    <section class="workflow-report" data-testid="workflow-report" aria-labelledby="report-title">
      <h3 id="report-title">{t('report_title')}</h3>
      <Markdown text={shown} />
      <div class="page-actions">
        {/* Saved the way a conversation's export is: a markdown file, downloaded at once. */}
        <button
          type="button"
          class="button button--primary"
          onClick={() => download(MARKDOWN_NAME, report, 'text/markdown')}
          data-testid="workflow-download"
        >
          {t('report_download')}
        </button>
        <button type="button" class="button" onClick={() => void copy()} data-testid="workflow-copy">
          {copied === 'copied' ? t('copied') : copied === 'failed' ? t('report_copy_failed') : t('report_copy')}
        </button>
        {zipUrl ? (
          <a class="button" href={zipUrl} download={ZIP_NAME} data-testid="workflow-zip-link">
            {t('report_save_zip', ZIP_NAME)}
          </a>
        ) : (
          <button
            type="button"
            class="button"
            onClick={onExport}
            disabled={ready !== null}
            data-testid="workflow-export"
          >
            {ready ? t('report_preparing') : t('report_export')}
          </button>
        )}
      </div>
    </section>
  );
}
