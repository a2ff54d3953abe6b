import { Link, useParams } from 'wouter';
import type { TPublicHelpRequestDetail } from '@sahay/server/modules/help/help.schema';
import NotFoundPage from '#web/features/site/pages/not-found-page.public.tsx';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { localizeHref } from '#web/i18n/lang-url.ts';
import { formatDate } from '#web/ui/format.ts';
import { LoadFailure } from '#web/ui/load-failure.tsx';
import { usePageMeta, usePageMetaText } from '#web/ui/page-meta.tsx';
import { GiveDirectly } from '../components/give-directly.tsx';
import { HelpProgress } from '../components/help-progress.tsx';
import { HelpUpdates } from '../components/help-updates.tsx';
import { ShareButtons } from '../components/share-buttons.tsx';
import { CATEGORY_LABELS, CLOSED_REASON_LABELS, excerptOf, paragraphsOf, RELATION_LABELS, textIn } from '../help-request-text.ts';
import { useHelpRequest, useSiteOrigin } from '../hooks/use-help-request.ts';

/**
 * /help/:id (PRODUCT.md §8): one published request — its story as the requester wrote it (text
 * only, never HTML), how much has been raised, until when it is open, and ways to share it. The
 * server renders it with the request (and the Open Graph card a shared link shows), its updates, and
 * the two ways to help: through the foundation, or straight to the beneficiary's UPI. An unknown or
 * unpublished ID is the not-found page with an HTTP 404.
 */
export default function HelpRequestPage() {
  const { id = '' } = useParams<{ id?: string }>();
  const result = useHelpRequest(id);
  if (result.isNotFound) return <NotFoundPage />;
  if (result.data) return <HelpRequest request={result.data} />;
  return <Pending error={result.error} />;
}

function Pending({ error }: { error: unknown }) {
  const t = useT();
  usePageMeta('help.request.metaTitlePending', 'help.list.metaDescription');
  return (
    <div className="container page-content">
      {error ? <LoadFailure message={t('help.request.failed')} error={error} onRetry={() => window.location.reload()} /> : <p role="status">{t('common.loading')}</p>}
    </div>
  );
}

function HelpRequest({ request }: { request: TPublicHelpRequestDetail }) {
  const t = useT();
  const { lang } = useLang();
  const origin = useSiteOrigin();
  const title = textIn(request.title, lang);
  const titleText = title.text || t('help.untitled', { id: request.id });
  const story = textIn(request.story, lang);
  usePageMetaText(t('help.request.metaTitle', { title: titleText }), excerptOf(story.text) || t('help.list.metaDescription'));
  const url = origin + localizeHref(`/help/${request.id}`, lang);
  const isClosed = request.status === 'closed';
  const relation = request.relation ? t(RELATION_LABELS[request.relation]) : null;

  return (
    <article className="container page-content help-request" aria-labelledby="help-request-title">
      <p className="back-link">
        <Link href="/help">{t('help.request.back')}</Link>
      </p>
      <p className="help-category">{t(CATEGORY_LABELS[request.category])}</p>
      <h1 id="help-request-title" lang={title.lang === lang ? undefined : title.lang}>
        {titleText}
      </h1>
      {request.beneficiaryFirstName && (
        <p className="help-for">
          {relation ? t('help.request.forRelation', { name: request.beneficiaryFirstName, relation }) : t('help.request.for', { name: request.beneficiaryFirstName })}
        </p>
      )}
      <HelpProgress raisedPaise={request.raisedPaise} amountNeededPaise={request.amountNeededPaise} />
      <p className="help-dates">
        {t('help.request.published', { date: formatDate(request.publishedAt, lang) })}
        {!isClosed && (
          <>
            <br />
            {t('help.closesOn', { date: formatDate(request.closesOn, lang) })}
          </>
        )}
      </p>
      {isClosed && (
        <div className="notice notice-warning" data-testid="help-closed">
          <p>
            <strong>{t('help.closed')}</strong>
            {request.closedReason && <>: {t(CLOSED_REASON_LABELS[request.closedReason])}</>}
          </p>
          <p>{t('help.request.noNewGifts')}</p>
        </div>
      )}

      <section aria-labelledby="help-story">
        <h2 id="help-story">{t('help.request.story')}</h2>
        <div className="help-story" lang={story.lang === lang ? undefined : story.lang}>
          {paragraphsOf(story.text).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      </section>

      <HelpUpdates updates={request.updates} />

      <section aria-labelledby="help-share">
        <h2 id="help-share">{t('help.share.heading')}</h2>
        <ShareButtons title={titleText} url={url} />
      </section>

      <section aria-labelledby="help-how">
        <h2 id="help-how">{t('help.request.howToHelp')}</h2>
        {isClosed ? (
          <p>
            <Link href="/donate" className="btn btn-primary">
              {t('help.donate')}
            </Link>
          </p>
        ) : (
          <>
            <div className="panel" data-testid="give-through-foundation">
              <h3>{t('help.request.throughFoundation')}</h3>
              <p>{t('help.request.earmarkedNote')}</p>
              <p>
                {/* The donate page holds the gift for this request (donations.create's helpRequestId). */}
                <Link href={`/donate?help=${request.id}`} className="btn btn-primary">
                  {t('help.request.donateEarmarked')}
                </Link>
              </p>
            </div>
            {/* The server names a UPI ID only for an open request whose beneficiary gave one. */}
            {request.directUpi && <GiveDirectly requestId={request.id} upi={request.directUpi} />}
          </>
        )}
      </section>
    </article>
  );
}
