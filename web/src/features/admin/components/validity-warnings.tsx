import type { TAdminDashboardResponse } from '@sahay/server/modules/admin/dashboard/get-dashboard.schema';
import { Link } from 'wouter';
import { useT } from '#web/i18n/i18n.tsx';

/** "31/03/2027" from YYYY-MM-DD, as receipts print it. */
function shownDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * The tax-exemption approval or the FCRA registration within 90 days of the end of its validity, or
 * past it (issue 31), for finance and settings staff: the same alert is mailed at 90, 30 and 7 days.
 */
export function ValidityWarnings({ warnings }: { warnings: TAdminDashboardResponse['validityWarnings'] }) {
  const t = useT();
  if (warnings.length === 0) return null;
  return (
    <section aria-labelledby="validity-heading" className="panel notice notice-warning" data-testid="validity-warnings">
      <h2 id="validity-heading">{t('admin.validity.heading')}</h2>
      <ul>
        {warnings.map((warning) => (
          <li key={warning.kind}>
            {t(warning.daysLeft >= 0 ? 'admin.validity.ending' : 'admin.validity.ended', {
              registration: t(warning.kind === 'approval' ? 'admin.validity.approval' : 'admin.validity.fcra'),
              date: shownDate(warning.validUntil),
              days: String(Math.abs(warning.daysLeft)),
            })}
          </li>
        ))}
      </ul>
      <p>
        <Link href="/settings">{t('admin.validity.renew')}</Link>
      </p>
    </section>
  );
}
