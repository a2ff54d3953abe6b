import { Link } from 'wouter';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { useSiteSettings } from '../hooks/use-site-settings.public.ts';
import { allNavLinksFor } from '../nav-items.ts';
import { useSiteData } from '../site-data.public.tsx';

export function SiteFooter() {
  const t = useT();
  const { lang } = useLang();
  const settings = useSiteSettings();
  const viewer = useSiteData().viewer ?? null;
  const name = settings.foundationName[lang] || settings.foundationName.en;
  const address = settings.address[lang] || settings.address.en;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{name}</h2>
          <p>{t('footer.about')}</p>
          <p>{t('footer.honesty')}</p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">{t('footer.links')}</h2>
          <ul className="footer-links">
            {allNavLinksFor(viewer).map((item) => (
              <li key={item.href}>
                <Link href={item.href}>{t(item.longLabel ?? item.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('footer.contact')}</h2>
          <address className="footer-address">
            {address && <p>{address}</p>}
            {settings.phone && (
              <p>
                {t('footer.phone')} <a href={`tel:${settings.phone.replace(/[\s-]/g, '')}`}>{settings.phone}</a>
              </p>
            )}
            <p>
              {t('footer.email')} <a href={`mailto:${settings.email}`}>{settings.email}</a>
            </p>
          </address>
        </section>
      </div>
      <p className="container footer-rights">{t('footer.rights', { name })}</p>
    </footer>
  );
}
