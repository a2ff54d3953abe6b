import { useState } from 'react';
import type { TApplicationDetail } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { useRefreshKanyadanApplication } from '../hooks/use-kanyadan-application.ts';
import { documentLabel } from './kanyadan-labels.public.tsx';

type DocumentInfo = TApplicationDetail['documents'][number];

const STATUS_KEYS: Record<DocumentInfo['status'], MessageKey> = {
  processing: 'admin.kanyadan.documentStatus.processing',
  ready: 'admin.kanyadan.documentStatus.ready',
  rejected: 'admin.kanyadan.documentStatus.rejected',
  erased: 'admin.kanyadan.documentStatus.erased',
};
const REJECTED_KEYS: Record<string, MessageKey> = {
  unreadable: 'admin.kanyadan.documentRejected.unreadable',
  'too-many-pixels': 'admin.kanyadan.documentRejected.too-many-pixels',
  'too-many-pages': 'admin.kanyadan.documentRejected.too-many-pages',
};

const IMAGE_STYLE = { display: 'block', maxWidth: '100%', height: 'auto', maxHeight: '40rem', width: 'auto', margin: '0.75rem 0', border: '1px solid var(--c-border)' } as const;

/** The document as an image; a PDF as a PNG of one page (1-based). Every load is recorded by the server. */
export function documentUrl(regNo: string, kind: DocumentInfo['kind'], page: number): string {
  return `/api/admin/kanyadan/applications/${encodeURIComponent(regNo)}/documents/${kind}?page=${page}`;
}

/**
 * The application's documents. None is loaded until someone presses its View button, since every
 * load is recorded in the application's history with the viewer; afterwards the history is asked
 * for again, so it shows the access.
 */
export function KanyadanDocuments({ application, canView }: { application: TApplicationDetail; canView: boolean }) {
  const t = useT();
  const onViewed = useRefreshKanyadanApplication(application.regNo);
  return (
    <section aria-labelledby="documents-heading" className="panel" data-testid="documents">
      <h2 id="documents-heading">{t('admin.kanyadan.documentsHeading')}</h2>
      {application.isErased ? (
        <p>{t('admin.kanyadan.documentsErased')}</p>
      ) : (
        <>
          <p>{t(canView ? 'admin.kanyadan.documentsNote' : 'admin.kanyadan.documentsVerificationOnly')}</p>
          {application.documents.length === 0 && <p>{t('admin.kanyadan.noDocuments')}</p>}
          {application.documents.map((document) => (
            <DocumentItem key={document.kind} regNo={application.regNo} document={document} canView={canView} onViewed={onViewed} />
          ))}
        </>
      )}
    </section>
  );
}

function DocumentItem({ regNo, document, canView, onViewed }: { regNo: string; document: DocumentInfo; canView: boolean; onViewed: () => void }) {
  const t = useT();
  /** The page on show, or null: nothing is loaded until asked for. */
  const [page, setPage] = useState<number | null>(null);
  const [failedPage, setFailedPage] = useState<number | null>(null);
  const label = t(documentLabel(document.kind));
  const isPdf = document.mediaType === 'application/pdf';
  const pageCount = Math.max(1, document.pages);
  const headingId = `document-${document.kind}-heading`;
  const rejectedKey = document.rejectedReason ? REJECTED_KEYS[document.rejectedReason] : undefined;

  return (
    <div aria-labelledby={headingId} role="group" data-testid={`document-${document.kind}`}>
      <h3 id={headingId}>{label}</h3>
      <p>
        {t(STATUS_KEYS[document.status])}
        {document.status === 'ready' && (
          <span className="table-note">{isPdf ? t('admin.kanyadan.pdfPages', { count: formatNumber(pageCount) }) : t('admin.kanyadan.image')}</span>
        )}
        {document.status === 'rejected' && (
          <span className="table-note">{rejectedKey ? t(rejectedKey) : (document.rejectedReason ?? '')}</span>
        )}
        {document.status === 'ready' && canView && (
          <span className="table-note" data-testid={`opened-${document.kind}`}>
            {t(document.isOpenedByYou ? 'admin.kanyadan.openedByYou' : 'admin.kanyadan.notOpenedByYou')}
          </span>
        )}
      </p>
      {document.status === 'ready' && canView && page === null && (
        <button type="button" className="btn btn-secondary" onClick={() => setPage(1)} data-testid={`view-${document.kind}`}>
          {t('admin.kanyadan.view')}
          <span className="visually-hidden"> {label}</span>
        </button>
      )}
      {page !== null && (
        <>
          {isPdf && pageCount > 1 && (
            <nav aria-label={t('admin.kanyadan.pagesOf', { document: label })}>
              <ul className="filter-links">
                {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
                  <li key={number}>
                    <button type="button" className="btn btn-secondary btn-small" aria-pressed={number === page} onClick={() => setPage(number)}>
                      {t('admin.kanyadan.page', { page: formatNumber(number) })}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <img
            src={documentUrl(regNo, document.kind, page)}
            alt={t('admin.kanyadan.documentAlt', { document: label, regNo, page: formatNumber(page), count: formatNumber(pageCount) })}
            style={IMAGE_STYLE}
            onLoad={() => {
              setFailedPage(null);
              onViewed();
            }}
            onError={() => {
              setFailedPage(page);
              onViewed();
            }}
          />
          {failedPage === page && (
            <p role="alert" className="field-error">
              {t('admin.kanyadan.documentFailed')}
            </p>
          )}
          <button type="button" className="btn btn-secondary" onClick={() => setPage(null)}>
            {t('admin.kanyadan.hide')}
            <span className="visually-hidden"> {label}</span>
          </button>
        </>
      )}
    </div>
  );
}
