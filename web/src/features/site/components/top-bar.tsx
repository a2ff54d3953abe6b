import { useState } from 'react';
import { useT } from '#web/i18n/i18n.tsx';
import { useSiteSettings } from '../hooks/use-site-settings.ts';
import type { PublicSettings } from '../site-data.tsx';
import { LangToggle } from './lang-toggle.tsx';

const SOCIAL: ReadonlyArray<{ key: keyof PublicSettings & `social${string}`; name: string }> = [
  { key: 'socialFacebook', name: 'Facebook' },
  { key: 'socialInstagram', name: 'Instagram' },
  { key: 'socialYoutube', name: 'YouTube' },
  { key: 'socialX', name: 'X' },
];

function BannerItems({ settings, isCopy }: { settings: PublicSettings; isCopy: boolean }) {
  const t = useT();
  // The copy only makes the loop seamless: hidden from screen readers and out of the tab order.
  const tabIndex = isCopy ? -1 : undefined;
  const social = SOCIAL.filter(({ key }) => settings[key]);
  return (
    <ul className="banner-items" aria-hidden={isCopy || undefined} aria-label={isCopy ? undefined : t('topBar.label')}>
      <li>
        {t('topBar.email')}{' '}
        <a href={`mailto:${settings.email}`} tabIndex={tabIndex} data-testid={isCopy ? undefined : 'top-bar-email'}>
          {settings.email}
        </a>
      </li>
      {settings.meetingLink && (
        <li>
          <a href={settings.meetingLink} tabIndex={tabIndex} rel="noopener">
            {t('topBar.meeting')}
          </a>
        </li>
      )}
      {settings.groupLink && (
        <li>
          <a href={settings.groupLink} tabIndex={tabIndex} rel="noopener">
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
              <a href={settings[key]} tabIndex={tabIndex} rel="noopener">
                {name}
              </a>
            </span>
          ))}
        </li>
      )}
    </ul>
  );
}

/**
 * The scrolling banner (PRODUCT.md §3). It moves by CSS alone; it stops on hover and keyboard
 * focus, with its pause button, and never moves for a reader who prefers reduced motion.
 */
export function TopBar() {
  const t = useT();
  const settings = useSiteSettings();
  const [isPaused, setIsPaused] = useState(false);
  return (
    <div className={isPaused ? 'top-bar is-paused' : 'top-bar'}>
      <div className="container top-bar-inner">
        <div className="banner">
          <div className="banner-track">
            <BannerItems settings={settings} isCopy={false} />
            <BannerItems settings={settings} isCopy />
          </div>
        </div>
        <button type="button" className="banner-pause" aria-pressed={isPaused} onClick={() => setIsPaused(!isPaused)}>
          <span className={isPaused ? 'icon-play' : 'icon-pause'} aria-hidden="true" />
          <span className="visually-hidden">{t('topBar.pause')}</span>
        </button>
        <LangToggle />
      </div>
    </div>
  );
}
