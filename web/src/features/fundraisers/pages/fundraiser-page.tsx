import { Link, useParams } from 'wouter';
import type { TPublicFundraiser } from '@sahay/server/modules/fundraisers/fundraisers.schema';
import NotFoundPage from '#web/features/site/pages/not-found-page.public.tsx';
import { excerptOf, paragraphsOf, ShareButtons, textIn } from '#web/features/help/help-sharing.public.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { localizeHref } from '#web/i18n/lang-url.ts';
import { formatDate } from '#web/ui/format.ts';
import { LoadFailure } from '#web/ui/load-failure.tsx';
import { usePageMeta, usePageMetaText } from '#web/ui/page-meta.tsx';
import { FundraiserProgress } from '../components/fundraiser-progress.tsx';
import { FUNDRAISER_CAUSE_LABELS } from '../fundraiser-text.ts';
import { useFundraiser, useFundraiserOrigin } from '../hooks/use-fundraiser.ts';

/**
 * /fundraisers/:id (issue 33, decision 080): a member's approved fundraiser, rendered by the server —
 * its story as the member wrote it (text only, never HTML), the progress of verified gifts, the
 * supporters who chose to show their name and their messages (unless staff hid them), the way to
 * give (an ordinary donation to the foundation, credited here) and to share. Anything else is the
 * not-found page with an HTTP 404. Nothing on it ranks one fundraiser against another.
 */
export default function FundraiserPage() {
  const { id = '' } = useParams<{ id?: string }>();
  const result = useFundraiser(id);
  if (result.isNotFound) return <NotFoundPage />;
  if (result.data) return <Fundraiser fundraiser={result.data} />;
  return <Pending error={result.error} />;
}

function Pending({ error }: { error: unknown }) {
  const t = useT();
  usePageMeta('fundraiser.metaTitlePending', 'fundraiser.metaDescription');
  return (
    <div className="container page-content">
      {error ? <LoadFailure message={t('fundraiser.failed')} error={error} onRetry={() => window.location.reload()} /> : <p role="status">{t('common.loading')}</p>}
    </div>
  );
}

function Fundraiser({ fundraiser }: { fundraiser: TPublicFundraiser }) {
  const t = useT();
  const { lang } = useLang();
  const origin = useFundraiserOrigin();
  const title = textIn(fundraiser.title, lang);
  const titleText = title.text || t('fundraiser.untitled', { id: fundraiser.id });
  const story = textIn(fundraiser.story, lang);
  usePageMetaText(t('fundraiser.metaTitle', { title: titleText }), excerptOf(story.text) || t('fundraiser.metaDescription'));
  const url = origin + localizeHref(`/fundraisers/${fundraiser.id}`, lang);
  const causeLabel = FUNDRAISER_CAUSE_LABELS[fundraiser.cause];

  return (
    <article className="container page-content help-request" aria-labelledby="fundraiser-title" data-testid="fundraiser">
      <p className="help-category">{t('fundraiser.label')}</p>
      <h1 id="fundraiser-title" lang={title.lang === lang ? undefined : title.lang}>
        {titleText}
      </h1>
      <p className="help-for">
        {fundraiser.helpRequestId ? (
          <Link href={`/help/${fundraiser.helpRequestId}`}>{t('fundraiser.forHelpRequest', { id: fundraiser.helpRequestId })}</Link>
        ) : (
          causeLabel && t('fundraiser.forCause', { cause: t(causeLabel) })
        )}
      </p>
      <img className="fundraiser-photo" src={fundraiser.photoUrl} alt={t('fundraiser.photoAlt', { title: titleText })} width={800} height={600} loading="lazy" decoding="async" />
      <FundraiserProgress raisedPaise={fundraiser.raisedPaise} goalPaise={fundraiser.goalPaise} gifts={fundraiser.gifts} />
      {fundraiser.isOpen ? (
        <>
          <p className="help-dates">{t('fundraiser.endsOn', { date: formatDate(fundraiser.endsOn, lang) })}</p>
          <p>
            {/* The donate page credits the gift to this fundraiser (donations.create's fundraiserId). */}
            <Link href={`/donate?fundraiser=${fundraiser.id}`} className="btn btn-primary" data-testid="fundraiser-give">
              {t('fundraiser.give')}
            </Link>
          </p>
        </>
      ) : (
        <div className="notice notice-warning" data-testid="fundraiser-closed">
          <p>{t('fundraiser.closed')}</p>
          <p>
            <Link href="/donate">{t('fundraiser.donateElsewhere')}</Link>
          </p>
        </div>
      )}
      <p className="field-hint">{t('fundraiser.howItWorks')}</p>

      <section aria-labelledby="fundraiser-story">
        <h2 id="fundraiser-story">{t('fundraiser.story')}</h2>
        <div className="help-story" lang={story.lang === lang ? undefined : story.lang}>
          {paragraphsOf(story.text).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      </section>

      <section aria-labelledby="fundraiser-supporters">
        <h2 id="fundraiser-supporters">{t('fundraiser.supporters')}</h2>
        {fundraiser.supporters.length === 0 ? (
          <p>{t('fundraiser.noSupporters')}</p>
        ) : (
          <ul className="fundraiser-supporters" data-testid="fundraiser-supporters">
            {fundraiser.supporters.map((supporter, index) => (
              <li key={index}>
                <strong>{supporter.name ?? t('fundraiser.anonymous')}</strong>
                {supporter.message && <q>{supporter.message}</q>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="fundraiser-share">
        <h2 id="fundraiser-share">{t('fundraiser.share')}</h2>
        <ShareButtons title={titleText} url={url} linkLabel={t('fundraiser.link')} />
      </section>
    </article>
  );
}
