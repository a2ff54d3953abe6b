import { Link } from 'wouter';
import { useT } from '#web/i18n/i18n.tsx';
import { allNavLinks } from '../nav-items.ts';
import { siteConfig } from '../site-config.ts';

export function SiteFooter() {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{t('site.name')}</h2>
          <p>{t('footer.about')}</p>
          <p>{t('footer.honesty')}</p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">{t('footer.links')}</h2>
          <ul className="footer-links">
            {allNavLinks.map((item) => (
              <li key={item.href}>
                <Link href={item.href}>{t(item.longLabel ?? item.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('footer.contact')}</h2>
          <p>
            <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>
          </p>
        </section>
      </div>
      <p className="container footer-rights">{t('footer.rights')}</p>
    </footer>
  );
}
