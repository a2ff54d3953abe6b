import { useT } from '#web/i18n/i18n.tsx';
import { siteConfig } from '../site-config.ts';
import { LangToggle } from './lang-toggle.tsx';

export function TopBar() {
  const t = useT();
  return (
    <div className="top-bar">
      <div className="container top-bar-inner">
        <ul className="top-bar-links" aria-label={t('topBar.label')}>
          <li>
            {t('topBar.email')} <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>
          </li>
          <li>
            <a href={siteConfig.meetingUrl}>{t('topBar.meeting')}</a>
          </li>
          <li>
            <a href={siteConfig.groupUrl}>{t('topBar.group')}</a>
          </li>
          <li>
            {t('topBar.social')}{' '}
            {siteConfig.social.map((profile, index) => (
              <span key={profile.name}>
                {index > 0 && ' · '}
                <a href={profile.url}>{profile.name}</a>
              </span>
            ))}
          </li>
        </ul>
        <LangToggle />
      </div>
    </div>
  );
}
