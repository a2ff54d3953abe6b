import { Link } from 'wouter';
import { useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';

interface Feature {
  id: string;
  title: MessageKey;
  text: MessageKey;
  link: MessageKey;
  href: string;
  /** A 24×24 outline icon path; drawn inline, so no image request. */
  icon: string;
}

const features: Feature[] = [
  {
    id: 'children-care',
    title: 'home.features.childrenCare.title',
    text: 'home.features.childrenCare.text',
    link: 'home.features.childrenCare.link',
    href: '/KanyadanYojna',
    icon: 'M12 21s-7-4.35-9.5-8.5C.5 9 2.5 5 6.5 5c2 0 3.5 1 5.5 3 2-2 3.5-3 5.5-3 4 0 6 4 4 7.5C19 16.65 12 21 12 21z',
  },
  {
    id: 'donate-fund',
    title: 'home.features.donateFund.title',
    text: 'home.features.donateFund.text',
    link: 'home.features.donateFund.link',
    href: '/donate',
    icon: 'M6 4h12M6 9h12M6 4c6 0 6 10 0 10l9 7',
  },
  {
    id: 'donation-plan',
    title: 'home.features.donationPlan.title',
    text: 'home.features.donationPlan.text',
    link: 'home.features.donationPlan.link',
    href: '/plan',
    icon: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  },
];

export default function HomePage() {
  const t = useT();
  usePageMeta('home.metaTitle', 'home.metaDescription');
  return (
    <>
      {/* The first of the four slides (PRODUCT.md §3); the slider itself is a later issue. */}
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container hero-inner">
          <h1 id="hero-heading">{t('home.hero.slide1')}</h1>
          <p className="hero-subline">{t('home.hero.subline')}</p>
          <p className="actions">
            <Link href="/register" className="btn btn-light">
              {t('home.hero.joinUs')}
            </Link>
            <Link href="/donate" className="btn btn-outline-light">
              {t('home.hero.donate')}
            </Link>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="features-heading">
        <div className="container">
          <h2 id="features-heading">{t('home.features.heading')}</h2>
          <ul className="card-grid">
            {features.map((feature) => (
              <li key={feature.id} className="card">
                <svg className="card-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d={feature.icon} />
                </svg>
                <h3>{t(feature.title)}</h3>
                <p>{t(feature.text)}</p>
                <Link href={feature.href} className="card-link">
                  {t(feature.link)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
