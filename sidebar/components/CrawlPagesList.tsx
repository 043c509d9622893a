import type { CrawlPages } from '../state';
import { t } from '../../src/i18n';

const size = new Intl.NumberFormat(undefined, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 });
/** A stored address is linked only when it is a web page: a link must not run script or open a browser page. */
const webLink = (url: string): string | null =>
  URL.canParse(url) && /^https?:$/.test(new URL(url).protocol) ? url : null;

interface CrawlPagesListProps {
  crawl: CrawlPages;
  title: string;
  onPreview(pageId: string): void;
  onClose(): void;
  /** Asks for the next slice of pages, which the list appends. */
  onShowMore(): void;
}

/**
 * An opened crawl's stored pages, a slice at a time: each previews its markdown here, or opens the
 * page itself in a new tab.
 */
export function CrawlPagesList({ crawl, title, onPreview, onClose, onShowMore }: CrawlPagesListProps) {
  const more = crawl.total > crawl.pages.length;
  return (
    <section class="library-pages" aria-label={t('library_pages_label', title)} data-testid="library-pages">
      <div class="page-head">
        <h3>{t('library_pages_title', title)}</h3>
        <button type="button" class="icon-button" onClick={onClose} data-testid="library-close-pages">
          {t('close')}
        </button>
      </div>
      {crawl.pages.length === 0 ? <p class="hint">{t('library_no_pages')}</p> : null}
      {more ? (
        <p class="hint" data-testid="library-pages-shown">
          {t('library_pages_shown', crawl.pages.length, crawl.total)}
        </p>
      ) : null}
      <ul class="history">
        {crawl.pages.map((page) => {
          const href = webLink(page.url);
          return (
            <li key={page.id} class="history-item" data-testid="library-page" data-id={page.id}>
              <button
                type="button"
                class="history-open"
                onClick={() => onPreview(page.id)}
                data-testid="library-page-preview"
              >
                {page.title}
              </button>
              <p class="history-meta library-page-meta">
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer" data-testid="library-page-link">
                    {page.url}
                  </a>
                ) : (
                  <span>{page.url}</span>
                )}{' '}
                · <span data-testid="library-page-size">{size.format(page.bytes / 1000)}</span>
              </p>
            </li>
          );
        })}
      </ul>
      {more ? (
        <button type="button" class="icon-button" onClick={onShowMore} data-testid="library-pages-more">
          {t('library_pages_more')}
        </button>
      ) : null}
    </section>
  );
}
