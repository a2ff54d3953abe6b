import type { KanyadanStatus } from '@sahay/server/modules/kanyadan/submission/kanyadan-fields.schema';
import { useT } from '#web/i18n/i18n.tsx';
import { statusLabel } from './kanyadan-labels.public.tsx';

/** Verified onwards: green; rejected: red; waiting: grey. Never colour alone: the word says it. */
const TONES: Partial<Record<KanyadanStatus, string>> = {
  verified: 'badge-unused',
  benefit_requested: 'badge-unused',
  benefit_approved: 'badge-unused',
  disbursed: 'badge-unused',
  rejected: 'badge-suspended',
};

export function KanyadanStatusBadge({ status, isErased = false }: { status: KanyadanStatus; isErased?: boolean }) {
  const t = useT();
  return (
    <>
      <span className={`badge ${TONES[status] ?? 'badge-used'}`}>{t(statusLabel(status))}</span>
      {isErased && <span className="badge badge-used">{t('admin.kanyadan.erased')}</span>}
    </>
  );
}
