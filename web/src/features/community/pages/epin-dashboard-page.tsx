import { useState } from 'react';
import { Link } from 'wouter';
import type { TMeResponse } from '@sahay/server/modules/identity/accounts/me.schema';
import { MemberArea } from '#web/features/identity/components/member-area.public.tsx';
import { BackToDashboard } from '#web/features/identity/components/member-links.public.tsx';
import { useT } from '#web/i18n/i18n.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { Tabs } from '#web/ui/tabs.tsx';
import { HeldEpins } from '../components/held-epins.tsx';
import { LoadFailure } from '#web/ui/load-failure.tsx';
import { TransferForm } from '../components/transfer-form.tsx';
import { TransferReport } from '../components/transfer-report.tsx';
import { useHeldEpins } from '../hooks/use-held-epins.public.ts';
import { useTransferHistory } from '../hooks/use-transfer-history.ts';

type Tab = 'list' | 'transfer' | 'report';

/**
 * /epin-dashboard — the invite codes a member holds: List, Transfer, Report (PRODUCT.md §4). Admins
 * with the `members` permission hold the codes they generate and pass batches from here too.
 */
export default function EpinDashboardPage() {
  usePageMeta('epins.metaTitle', 'epins.metaDescription', { isNoIndex: true });
  return <MemberArea>{(me) => <EpinDashboard me={me} />}</MemberArea>;
}

function EpinDashboard({ me }: { me: NonNullable<TMeResponse> }) {
  const t = useT();
  const [tab, setTab] = useState<Tab>('list');
  const isAdmin = me.role === 'admin';
  return (
    <div className="container page-wide">
      {isAdmin ? (
        <p className="back-link">
          <Link href="/admin/dashboard">{t('epins.backToAdmin')}</Link>
        </p>
      ) : (
        <BackToDashboard />
      )}
      <h1>{t('epins.heading')}</h1>
      <p>{t(isAdmin ? 'epins.introAdmin' : 'epins.intro')}</p>
      <Tabs<Tab>
        label={t('epins.heading')}
        tabs={[
          { key: 'list', label: t('epins.tabs.list') },
          { key: 'transfer', label: t('epins.tabs.transfer') },
          { key: 'report', label: t('epins.tabs.report') },
        ]}
        selected={tab}
        onSelect={setTab}
        renderPanel={(key) => (key === 'report' ? <ReportPanel /> : <HeldPanel selfId={me.userId} isTransfer={key === 'transfer'} />)}
      />
    </div>
  );
}

function HeldPanel({ selfId, isTransfer }: { selfId: string; isTransfer: boolean }) {
  const t = useT();
  const held = useHeldEpins();
  if (held.isPending) return <p role="status">{t('common.loading')}</p>;
  if (held.isError) return <LoadFailure message={t('epins.loadFailed')} error={held.error} onRetry={() => void held.refetch()} />;
  // A code kept for a shared link is not passed on while the link is open.
  if (isTransfer) return <TransferForm selfId={selfId} available={held.data.epins.filter((epin) => !epin.used && !epin.reservedUntil).length} />;
  return <HeldEpins epins={held.data.epins} holderId={selfId} />;
}

function ReportPanel() {
  const t = useT();
  const history = useTransferHistory();
  if (history.isPending) return <p role="status">{t('common.loading')}</p>;
  if (history.isError) return <LoadFailure message={t('epins.report.loadFailed')} error={history.error} onRetry={() => void history.refetch()} />;
  return <TransferReport transfers={history.data.transfers} />;
}
