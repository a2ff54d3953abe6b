import { useState } from 'react';
import type { THelpRequestAdminDetail } from '@sahay/server/modules/help/help.schema';
import { oldestDocumentDate } from '#web/features/help/components/member/ask-help-rules.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate, formatNumber } from '#web/ui/format.ts';
import { HELP_DOCUMENT_KIND_LABELS } from './help-labels.public.ts';
import { todayInIndia } from '#web/features/admin/components/staff-forms.public.tsx';

type DocumentView = THelpRequestAdminDetail['documents'][number];

const IMAGE_STYLE = { display: 'block', maxWidth: '100%', height: 'auto', maxHeight: '40rem', width: 'auto', margin: '0.75rem 0', border: '1px solid var(--c-border)' } as const;

/** The document as an image; a PDF as a PNG of one page (1-based). The server records every load as a view. */
export function helpDocumentUrl(id: string, index: number, page = 1): string {
  const base = `/api/admin/help/${encodeURIComponent(id)}/documents/${index}`;
  return page > 1 ? `${base}?page=${page}` : base;
}

/** Older than 6 months on the day staff look at it (for any kind: the member's form refuses old estimates and bills only). */
export function isOlderThanSixMonths(documentDate: string | null, today: string): boolean {
  return documentDate !== null && documentDate < oldestDocumentDate(today);
}

/**
 * The request's documents with what each is and the date written on it. None is loaded until
 * someone presses View (or opens it in a new tab), since every load is recorded with the viewer.
 */
export function HelpDocuments({ detail }: { detail: THelpRequestAdminDetail }) {
  const t = useT();
  const today = todayInIndia();
  return (
    <section aria-labelledby="help-documents-heading" className="panel" data-testid="help-documents">
      <h2 id="help-documents-heading">{t('admin.help.documentsHeading')}</h2>
      <p>{t('admin.help.documentsNote')}</p>
      {detail.documents.length === 0 && <p>{t('admin.help.noDocuments')}</p>}
      {detail.documents.map((document) => (
        <DocumentItem key={document.index} id={detail.id} document={document} isOld={isOlderThanSixMonths(document.documentDate, today)} />
      ))}
    </section>
  );
}

function DocumentItem({ id, document, isOld }: { id: string; document: DocumentView; isOld: boolean }) {
  const t = useT();
  const { lang } = useLang();
  /** The page on show, or null: nothing is loaded until asked for. */
  const [page, setPage] = useState<number | null>(null);
  const [failedPage, setFailedPage] = useState<number | null>(null);
  const kind = t(HELP_DOCUMENT_KIND_LABELS[document.kind]);
  const label = t('admin.help.documentTitle', { number: formatNumber(document.index), kind });
  const isPdf = document.mediaType === 'application/pdf';
  const pageCount = Math.max(1, document.pages);
  const headingId = `help-document-${document.index}-heading`;

  return (
    <div role="group" aria-labelledby={headingId} data-testid={`help-document-${document.index}`}>
      <h3 id={headingId}>{label}</h3>
      <p>
        {document.documentDate ? t('admin.help.dated', { date: formatDate(document.documentDate, lang) }) : t('admin.help.undated')}
        {isOld && (
          <>
            {' '}
            <strong className="badge badge-suspended" data-testid="help-document-old">
              {t('admin.help.olderThanSixMonths')}
            </strong>
          </>
        )}
        <span className="table-note">{isPdf ? t('admin.help.pdfPages', { count: formatNumber(pageCount) }) : t('admin.help.image')}</span>
      </p>
      <p className="actions">
        {page === null ? (
          <button type="button" className="btn btn-secondary" onClick={() => setPage(1)} data-testid={`help-view-${document.index}`}>
            {t('admin.help.view')}
            <span className="visually-hidden"> {label}</span>
          </button>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => setPage(null)}>
            {t('admin.help.hide')}
            <span className="visually-hidden"> {label}</span>
          </button>
        )}
        <a href={helpDocumentUrl(id, document.index)} target="_blank" rel="noopener noreferrer">
          {t('admin.help.openInNewTab')}
          <span className="visually-hidden"> {label}</span>
        </a>
      </p>
      {page !== null && (
        <>
          {pageCount > 1 && (
            <nav aria-label={t('admin.help.pagesOf', { document: label })}>
              <ul className="filter-links">
                {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
                  <li key={number}>
                    <button type="button" className="btn btn-secondary btn-small" aria-pressed={number === page} onClick={() => setPage(number)}>
                      {t('admin.help.page', { page: formatNumber(number) })}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <img
            src={helpDocumentUrl(id, document.index, page)}
            alt={t('admin.help.documentAlt', { document: label, id, page: formatNumber(page), count: formatNumber(pageCount) })}
            style={IMAGE_STYLE}
            onLoad={() => setFailedPage(null)}
            onError={() => setFailedPage(page)}
          />
          {failedPage === page && (
            <p role="alert" className="field-error">
              {t('admin.help.documentFailed')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
