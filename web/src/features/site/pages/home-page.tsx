import { Link } from 'wouter';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { AnimatedCounter } from '#web/ui/animated-counter.tsx';
import { Carousel } from '#web/ui/carousel.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { formatRupeesShort } from '#web/ui/format-short.ts';
import { Icon, type IconName } from '#web/ui/icon.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { HeroArt } from '../components/hero-art.tsx';
import { useCounters } from '../hooks/use-counters.ts';

const HERO_SLIDES: MessageKey[] = ['home.hero.slide1', 'home.hero.slide2', 'home.hero.slide3', 'home.hero.slide4'];

interface Feature {
  id: string;
  title: MessageKey;
  text: MessageKey;
  link: MessageKey;
  href: string;
  icon: IconName;
}

const FEATURES: Feature[] = [
  { id: 'children-care', title: 'home.features.childrenCare.title', text: 'home.features.childrenCare.text', link: 'home.features.childrenCare.link', href: '/KanyadanYojna', icon: 'heart' },
  { id: 'donate-fund', title: 'home.features.donateFund.title', text: 'home.features.donateFund.text', link: 'home.features.donateFund.link', href: '/donate', icon: 'rupee' },
  { id: 'donation-plan', title: 'home.features.donationPlan.title', text: 'home.features.donationPlan.text', link: 'home.features.donationPlan.link', href: '/plan', icon: 'chart' },
];

/** The causes of verified help requests (PRODUCT.md §3); `id` is the /help?cause= value. */
const CAUSES: ReadonlyArray<{ id: string; key: 'people' | 'accident' | 'medical' | 'environment' | 'kanyadan' | 'education'; icon: IconName }> = [
  { id: 'people', key: 'people', icon: 'hands' },
  { id: 'accident', key: 'accident', icon: 'cross' },
  { id: 'medical', key: 'medical', icon: 'pulse' },
  { id: 'environment', key: 'environment', icon: 'leaf' },
  { id: 'kanyadan', key: 'kanyadan', icon: 'heart' },
  { id: 'education', key: 'education', icon: 'book' },
];

export default function HomePage() {
  const t = useT();
  const { lang } = useLang();
  usePageMeta('home.metaTitle', 'home.metaDescription');
  const counters = useCounters();

  const heroSlides = HERO_SLIDES.map((key, index) => (
    <div className="hero-slide">
      <div className="container hero-slide-inner">
        <h2 className="hero-title">{t(key)}</h2>
        <HeroArt variant={index} />
      </div>
    </div>
  ));

  const causeSlides = CAUSES.map((cause) => (
    <article className={`cause cause-${cause.id}`} aria-labelledby={`cause-${cause.id}`}>
      <div className="cause-art" aria-hidden="true">
        <Icon name={cause.icon} />
      </div>
      <h3 id={`cause-${cause.id}`}>{t(`home.causes.${cause.key}.title`)}</h3>
      <p>{t(`home.causes.${cause.key}.text`)}</p>
      <Link href={`/help?cause=${cause.id}`} className="card-link">
        {t('home.causes.readMore')}
        <span className="visually-hidden">{t('home.causes.readMoreAbout', { cause: t(`home.causes.${cause.key}.title`) })}</span>
      </Link>
    </article>
  ));

  return (
    <>
      <div className="hero">
        <div className="container">
          <h1 className="hero-kicker">{t('home.hero.kicker')}</h1>
        </div>
        <Carousel
          variant="fade"
          className="hero-carousel"
          label={t('home.hero.label')}
          slides={heroSlides}
          footer={
            <div className="container hero-footer">
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
          }
        />
      </div>

      <section className="section" aria-labelledby="features-heading">
        <div className="container">
          <h2 id="features-heading">{t('home.features.heading')}</h2>
          <ul className="card-grid">
            {FEATURES.map((feature) => (
              <li key={feature.id} className="card">
                <Icon name={feature.icon} className="card-icon" />
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

      <section className="section section-tinted" aria-labelledby="blurb-heading">
        <div className="container blurb">
          <h2 id="blurb-heading">{t('home.blurb.heading')}</h2>
          <p>{t('home.blurb.text')}</p>
          <Link href="/about" className="btn btn-secondary">
            {t('home.blurb.link')}
          </Link>
        </div>
      </section>

      <section className="section" aria-labelledby="achievements-heading">
        <div className="container">
          <h2 id="achievements-heading">{t('home.achievements.heading')}</h2>
          <ul className="achievements">
            <li>
              <Icon name="heart" className="achievement-icon" />
              <p>{t('home.achievements.girls', { count: formatNumber(counters.kanyadanGirls) })}</p>
            </li>
            <li>
              <Icon name="map" className="achievement-icon" />
              <p>{t('home.achievements.districts', { count: formatNumber(counters.kanyadanDistricts) })}</p>
            </li>
            <li>
              <Icon name="hands" className="achievement-icon" />
              <p>{t('home.achievements.people', { count: formatNumber(counters.peopleHelped) })}</p>
            </li>
            <li>
              <Icon name="receipt" className="achievement-icon" />
              <p>{t('home.achievements.receipts')}</p>
            </li>
          </ul>
        </div>
      </section>

      <section className="section section-tinted" aria-labelledby="causes-heading">
        <div className="container">
          <h2 id="causes-heading">{t('home.causes.heading')}</h2>
          <p>{t('home.causes.intro')}</p>
          <Carousel variant="window" className="causes-carousel" label={t('home.causes.label')} slides={causeSlides} />
        </div>
      </section>

      <section className="section counters-section" aria-labelledby="counters-heading">
        <div className="container">
          <h2 id="counters-heading">{t('home.counters.heading')}</h2>
          <div className="counters">
            <AnimatedCounter value={counters.happyDonors} format={formatNumber} label={t('home.counters.donors')} testId="counter-donors" />
            <AnimatedCounter value={counters.fundsRaisedPaise} format={(paise) => formatRupeesShort(paise, lang)} label={t('home.counters.funds')} testId="counter-funds" />
            <AnimatedCounter value={counters.ongoingCampaigns} format={formatNumber} label={t('home.counters.campaigns')} testId="counter-campaigns" />
            <AnimatedCounter value={counters.peopleHelped} format={formatNumber} label={t('home.counters.people')} testId="counter-people" />
          </div>
          <p className="counters-note">{t('home.counters.note')}</p>
        </div>
      </section>

      <section className="section" aria-labelledby="about-heading">
        <div className="container about-grid">
          <div>
            <h2 id="about-heading">{t('home.about.heading')}</h2>
            <p>{t('home.about.text')}</p>
            <p className="actions">
              <Link href="/mission" className="btn btn-primary">
                {t('home.about.mission')}
              </Link>
              <Link href="/contact" className="btn btn-secondary">
                {t('home.about.contact')}
              </Link>
            </p>
          </div>
          <ul className="principles">
            <li>
              <h3>{t('home.about.traceableTitle')}</h3>
              <p>{t('home.about.traceableText')}</p>
            </li>
            <li>
              <h3>{t('home.about.noRecruitingTitle')}</h3>
              <p>{t('home.about.noRecruitingText')}</p>
            </li>
            <li>
              <h3>{t('home.about.honestTitle')}</h3>
              <p>{t('home.about.honestText')}</p>
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}
