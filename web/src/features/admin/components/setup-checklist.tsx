import { Link } from 'wouter';
import { SETUP_ITEM_GROUP, type SetupItem } from '@sahay/server/modules/site/settings/setup-checklist.schema';
import { useT, type MessageKey } from '#web/i18n/i18n.tsx';

const LABELS: Record<SetupItem, MessageKey> = {
  foundationName: 'admin.setup.items.foundationName',
  address: 'admin.setup.items.address',
  phone: 'admin.setup.items.phone',
  email: 'admin.setup.items.email',
  registrationNo: 'admin.setup.items.registrationNo',
  pan: 'admin.setup.items.pan',
  twelveA: 'admin.setup.items.twelveA',
  taxExemption: 'admin.setup.items.taxExemption',
  upi: 'admin.setup.items.upi',
  bank: 'admin.setup.items.bank',
};

/**
 * What a fresh install still lacks before donors can trust the pages and pay: each missing fact
 * with a link to where it is entered. Shown to every admin (the settings link works for those
 * holding `settings`; the others know whom to ask), and gone once everything is set.
 */
export function SetupChecklist({ missing, canEdit }: { missing: readonly SetupItem[]; canEdit: boolean }) {
  const t = useT();
  if (missing.length === 0) return null;
  return (
    <section aria-labelledby="setup-heading" className="panel setup-checklist" data-testid="setup-checklist">
      <h2 id="setup-heading">{t('admin.setup.heading')}</h2>
      <p>{t(canEdit ? 'admin.setup.intro' : 'admin.setup.introAsk')}</p>
      <ul className="setup-list">
        {missing.map((item) => (
          <li key={item} data-setup={item}>
            {canEdit ? <Link href={`/settings#settings-${SETUP_ITEM_GROUP[item]}`}>{t(LABELS[item])}</Link> : t(LABELS[item])}
          </li>
        ))}
      </ul>
      {missing.includes('upi') && <p>{t('admin.setup.donationsClosed')}</p>}
    </section>
  );
}
