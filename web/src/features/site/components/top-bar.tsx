import { useT } from '#web/i18n/i18n.tsx';
import { useSiteSettings } from '../hooks/use-site-settings.public.ts';
import type { PublicSettings } from '../site-data.public.tsx';
import { LangToggle } from './lang-toggle.tsx';

const SOCIAL: ReadonlyArray<{ key: keyof PublicSettings & `social${string}`; name: string }> = [
  { key: 'socialFacebook', name: 'Facebook' },
  { key: 'socialInstagram', name: 'Instagram' },
  { key: 'socialYoutube', name: 'YouTube' },
  { key: 'socialX', name: 'X' },
];

/**
 * The contact line at the top of every page (PRODUCT.md §3): phone, e-mail, the meeting and group
 * links when set, and the social pages, as one static line that wraps on a phone. It used to scroll
 * as a ticker, which cut labels mid-word and moved under a reader's eye (issue 16).
 */
export function TopBar() {
  const t = useT();
  const settings = useSiteSettings();
  const social = SOCIAL.filter(({ key }) => settings[key]);
  return (
    <div className="top-bar">
      <div className="container top-bar-inner">
        <ul className="banner-items" aria-label={t('topBar.label')}>
          {settings.phone && (
            <li>
              {t('topBar.phone')} <a href={`tel:${settings.phone.replace(/[^\d+]/g, '')}`}>{settings.phone}</a>
            </li>
          )}
          <li>
            {t('topBar.email')}{' '}
            <a href={`mailto:${settings.email}`} data-testid="top-bar-email">
              {settings.email}
            </a>
          </li>
          {settings.meetingLink && (
            <li>
              <a href={settings.meetingLink} rel="noopener">
                {t('topBar.meeting')}
              </a>
            </li>
          )}
          {settings.groupLink && (
            <li>
              <a href={settings.groupLink} rel="noopener">
                {t('topBar.group')}
              </a>
            </li>
          )}
          {social.length > 0 && (
            <li>
              {t('topBar.social')}{' '}
              {social.map(({ key, name }, index) => (
                <span key={key}>
                  {index > 0 && ' · '}
                  <a href={settings[key]} rel="noopener">
                    {name}
                  </a>
                </span>
              ))}
            </li>
          )}
        </ul>
        <LangToggle />
      </div>
    </div>
  );
}
