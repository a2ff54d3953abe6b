import { Link } from 'wouter';
import { useT } from '#web/i18n/i18n.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';

/**
 * Where the original site's paid-level, matrix and referral-income links now lead (issue 15): it
 * says plainly that Sahay has none of them, why, and what a member can do instead.
 */
export default function NoPaidLevelsPage() {
  const t = useT();
  usePageMeta('noPaidLevels.metaTitle', 'noPaidLevels.metaDescription');
  return (
    <div className="container page-narrow page-content">
      <h1>{t('noPaidLevels.heading')}</h1>
      <p>{t('noPaidLevels.what')}</p>
      <h2>{t('noPaidLevels.whyHeading')}</h2>
      <p>{t('noPaidLevels.why')}</p>
      <h2>{t('noPaidLevels.insteadHeading')}</h2>
      <ul>
        <li>
          <Link href="/help">{t('noPaidLevels.help')}</Link>
        </li>
        <li>
          <Link href="/donate">{t('noPaidLevels.donate')}</Link>
        </li>
        <li>
          <Link href="/register">{t('noPaidLevels.invite')}</Link>
        </li>
      </ul>
    </div>
  );
}
