import type { TAdminDashboardResponse } from '@sahay/server/modules/admin/dashboard/get-dashboard.schema';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDateTime } from '#web/ui/format.ts';

/**
 * Changes to where money goes in the last week (issue 29), on every admin's dashboard: who changed
 * which of them and when, so a changed UPI ID or bank account is seen before donors pay into it.
 */
export function MoneySettingsNotice({ changes }: { changes: TAdminDashboardResponse['moneySettingsChanges'] }) {
  const t = useT();
  const { lang } = useLang();
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="money-changes-heading" className="panel notice notice-warning" data-testid="money-settings-changes">
      <h2 id="money-changes-heading">{t('admin.moneyChanges.heading')}</h2>
      <p>{t('admin.moneyChanges.intro')}</p>
      <ul>
        {changes.map((change) => (
          <li key={`${change.at}-${change.by.id}`}>
            {t('admin.moneyChanges.item', {
              when: formatDateTime(change.at, lang),
              who: change.by.name ? `${change.by.name} (${change.by.id})` : change.by.id,
              fields: change.fields.map((field) => t(`admin.settings.fields.${field}` as MessageKey)).join(', '),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
