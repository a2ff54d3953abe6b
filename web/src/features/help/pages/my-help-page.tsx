import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { HELP_REQUEST_ID_PATTERN } from '@sahay/server/modules/help/help.schema';
import { MemberArea } from '#web/features/identity/components/member-area.public.tsx';
import { BackToDashboard } from '#web/features/identity/components/member-links.public.tsx';
import { useT } from '#web/i18n/i18n.tsx';
import { LoadFailure } from '#web/ui/load-failure.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { GiftsGiven } from '../components/member/gifts-given.tsx';
import { MyHelpRequestCard } from '../components/member/my-help-request-card.tsx';
import { useMyHelpRequests } from '../hooks/member-help-requests.ts';

/** `?sent=ID` after the form: the request just sent, when the address carries a well-formed number. */
export function sentIdOf(search: string): string | null {
  const id = new URLSearchParams(search).get('sent')?.trim().toUpperCase() ?? '';
  return HELP_REQUEST_ID_PATTERN.test(id) ? id : null;
}

/** /my-help — the member's help requests (PRODUCT.md §8): where each stands, and what to do next; then the gifts they gave directly. */
export default function MyHelpPage() {
  usePageMeta('myHelp.metaTitle', 'myHelp.metaDescription', { isNoIndex: true });
  return <MemberArea>{() => <MyHelp />}</MemberArea>;
}

export function MyHelp() {
  const t = useT();
  const mine = useMyHelpRequests();
  const sentId = sentIdOf(useSearch());
  /** What the member just did (an answer sent, a request closed): said above the list, which is asked for again. */
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <div className="container page-narrow">
      <BackToDashboard />
      <h1>{t('myHelp.heading')}</h1>
      <p>{t('myHelp.intro')}</p>
      <div role="status" data-testid="my-help-notice">
        {sentId && !notice && (
          <div className="notice notice-success">
            <p>{t('myHelp.sent', { id: sentId })}</p>
          </div>
        )}
        {notice && (
          <div className="notice notice-success">
            <p>{notice}</p>
          </div>
        )}
      </div>
      <p className="actions">
        <Link href="/my-help/new" className="btn btn-primary" data-testid="ask-for-help">
          {t('myHelp.ask')}
        </Link>
      </p>
      {mine.isPending && <p role="status">{t('common.loading')}</p>}
      {mine.isError && <LoadFailure message={t('myHelp.loadFailed')} error={mine.error} onRetry={() => void mine.refetch()} />}
      {mine.data && mine.data.requests.length === 0 && (
        <div className="panel" data-testid="my-help-empty">
          <p>{t('myHelp.empty')}</p>
          <p>{t('myHelp.emptyHelp')}</p>
        </div>
      )}
      {mine.data?.requests.map((request) => (
        <MyHelpRequestCard key={request.id} request={request} onNotice={setNotice} />
      ))}
      <GiftsGiven />
    </div>
  );
}
