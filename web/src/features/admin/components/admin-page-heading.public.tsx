import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useT } from '#web/i18n/i18n.tsx';

/** An admin page's title with the way back to the dashboard. */
export function AdminPageHeading({ title, children }: { title: string; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="page-heading">
      <div>
        <p className="back-link">
          <Link href="~/admin/dashboard">{t('admin.backToDashboard')}</Link>
        </p>
        <h1>{title}</h1>
      </div>
      {children}
    </div>
  );
}
