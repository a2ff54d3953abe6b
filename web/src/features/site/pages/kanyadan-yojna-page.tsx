import { Link } from 'wouter';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { AnimatedCounter } from '#web/ui/animated-counter.tsx';
import { Carousel } from '#web/ui/carousel.tsx';
import { formatMoney, formatNumber } from '#web/ui/format.ts';
import { formatRupeesShort } from '#web/ui/format-short.ts';
import { Icon } from '#web/ui/icon.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { HeroArt } from '../components/hero-art.tsx';
import { useCounters } from '../hooks/use-counters.ts';
import { useSiteSettings } from '../hooks/use-site-settings.public.ts';

/** PRODUCT.md §11: the Kanyadan counters refresh every 10 minutes. */
export const KANYADAN_COUNTERS_REFRESH_MS = 10 * 60 * 1000;
const REGISTRATION = '/kanyadanRegistration';

const SLIDES: ReadonlyArray<{ title: MessageKey; text: MessageKey }> = [
  { title: 'kanyadan.hero.slide1Title', text: 'kanyadan.hero.slide1Text' },
  { title: 'kanyadan.hero.slide2Title', text: 'kanyadan.hero.slide2Text' },
  { title: 'kanyadan.hero.slide3Title', text: 'kanyadan.hero.slide3Text' },
];

const SECTIONS: ReadonlyArray<{ id: string; label: MessageKey }> = [
  { id: 'home', label: 'kanyadan.nav.home' },
  { id: 'about', label: 'kanyadan.nav.about' },
  { id: 'apply', label: 'kanyadan.nav.apply' },
  { id: 'documents', label: 'kanyadan.nav.documents' },
  { id: 'contact', label: 'kanyadan.nav.contact' },
];

const STEPS: MessageKey[] = ['kanyadan.apply.step1', 'kanyadan.apply.step2', 'kanyadan.apply.step3', 'kanyadan.apply.step4', 'kanyadan.apply.step5'];
const DOCUMENTS: ReadonlyArray<{ title: MessageKey; text: MessageKey }> = [
  { title: 'kanyadan.documents.birthTitle', text: 'kanyadan.documents.birthText' },
  { title: 'kanyadan.documents.photoTitle', text: 'kanyadan.documents.photoText' },
  { title: 'kanyadan.documents.girlAadhaarTitle', text: 'kanyadan.documents.girlAadhaarText' },
  { title: 'kanyadan.documents.fatherAadhaarTitle', text: 'kanyadan.documents.fatherAadhaarText' },
];

/** /KanyadanYojna (PRODUCT.md §3): Hindi first, and plain about what the scheme is and is not. */
export default function KanyadanYojnaPage() {
  const t = useT();
  const { lang } = useLang();
  usePageMeta('kanyadan.metaTitle', 'kanyadan.metaDescription');
  const counters = useCounters(KANYADAN_COUNTERS_REFRESH_MS);
  const settings = useSiteSettings();
  const foundation = settings.foundationName[lang] || settings.foundationName.en;
  const benefit = settings.kanyadanBenefitText[lang] || settings.kanyadanBenefitText.en;

  const slides = SLIDES.map((slide, index) => (
    <div className="hero-slide">
      <div className="container hero-slide-inner">
        <div>
          <h2 className="hero-title">{t(slide.title)}</h2>
          <p className="hero-slide-text">{t(slide.text)}</p>
        </div>
        <HeroArt variant={index} />
      </div>
    </div>
  ));

  return (
    <>
      <div className="hero" id="home">
        <div className="container">
          <h1 className="hero-kicker">{t('kanyadan.heading')}</h1>
        </div>
        <Carousel
          variant="fade"
          className="hero-carousel"
          label={t('kanyadan.hero.label')}
          slides={slides}
          footer={
            <div className="container hero-footer">
              <p className="actions">
                <Link href={REGISTRATION} className="btn btn-light">
                  {t('kanyadan.register')}
                </Link>
                <a href="#apply" className="btn btn-outline-light">
                  {t('kanyadan.howToApply')}
                </a>
              </p>
            </div>
          }
        />
      </div>

      <nav className="page-nav" aria-label={t('kanyadan.nav.label')}>
        <ul className="container">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{t(section.label)}</a>
            </li>
          ))}
        </ul>
      </nav>

      <section className="section" aria-labelledby="honest-heading">
        <div className="container">
          <div className="honest-box" data-testid="kanyadan-honest">
            <h2 id="honest-heading">{t('kanyadan.honest.heading')}</h2>
            <ul className="check-list">
              <li>
                <Icon name="check" className="check-icon" />
                {t('kanyadan.honest.private', { foundation })}
              </li>
              <li>
                <Icon name="check" className="check-icon" />
                {t('kanyadan.honest.notGovernment')}
              </li>
              <li>
                <Icon name="check" className="check-icon" />
                {t('kanyadan.honest.eligibility')}
              </li>
              <li>
                <Icon name="check" className="check-icon" />
                {t('kanyadan.honest.noMoney')}
              </li>
            </ul>
          </div>
        </div>
      </section>

      <section className="section section-tinted counters-section" aria-labelledby="kanyadan-counters-heading">
        <div className="container">
          <h2 id="kanyadan-counters-heading">{t('kanyadan.counters.heading')}</h2>
          <div className="counters counters-3">
            <AnimatedCounter value={counters.kanyadanGirls} format={formatNumber} label={t('kanyadan.counters.girls')} testId="counter-girls" />
            <AnimatedCounter value={counters.kanyadanFundsPaise} format={(paise) => formatRupeesShort(paise, lang)} label={t('kanyadan.counters.funds')} testId="counter-kanyadan-funds" />
            <AnimatedCounter value={counters.kanyadanDistricts} format={formatNumber} label={t('kanyadan.counters.districts')} testId="counter-districts" />
          </div>
          <p className="counters-note">{t('kanyadan.counters.note')}</p>
        </div>
      </section>

      <section className="section" id="about" aria-labelledby="kanyadan-about-heading">
        <div className="container prose">
          <h2 id="kanyadan-about-heading">{t('kanyadan.about.heading')}</h2>
          <p>{t('kanyadan.about.text1')}</p>
          <p>{t('kanyadan.about.text2')}</p>
          <p>
            <strong>{t('kanyadan.about.benefit')}</strong> {benefit}
          </p>
          <p>{settings.kanyadanFeePaise > 0 ? t('kanyadan.about.fee', { fee: formatMoney(settings.kanyadanFeePaise) }) : t('kanyadan.about.free')}</p>
        </div>
      </section>

      <section className="section section-tinted" id="apply" aria-labelledby="kanyadan-apply-heading">
        <div className="container prose">
          <h2 id="kanyadan-apply-heading">{t('kanyadan.apply.heading')}</h2>
          <ol className="steps">
            {STEPS.map((step) => (
              <li key={step}>{t(step)}</li>
            ))}
          </ol>
          <Link href={REGISTRATION} className="btn btn-primary">
            {t('kanyadan.register')}
          </Link>
        </div>
      </section>

      <section className="section" id="documents" aria-labelledby="kanyadan-documents-heading">
        <div className="container">
          <h2 id="kanyadan-documents-heading">{t('kanyadan.documents.heading')}</h2>
          <p>{t('kanyadan.documents.intro')}</p>
          <ul className="card-grid card-grid-4">
            {DOCUMENTS.map((document) => (
              <li key={document.title} className="card">
                <Icon name="file" className="card-icon" />
                <h3>{t(document.title)}</h3>
                <p>{t(document.text)}</p>
              </li>
            ))}
          </ul>
          <p className="field-hint">{t('kanyadan.documents.files')}</p>
        </div>
      </section>

      <section className="section section-tinted" id="contact" aria-labelledby="kanyadan-contact-heading">
        <div className="container prose">
          <h2 id="kanyadan-contact-heading">{t('kanyadan.contact.heading')}</h2>
          <p>{t('kanyadan.contact.text')}</p>
          <ul className="contact-list">
            {settings.phone && (
              <li>
                <Icon name="phone" />
                <a href={`tel:${settings.phone.replace(/[\s-]/g, '')}`}>{settings.phone}</a>
              </li>
            )}
            <li>
              <Icon name="mail" />
              <a href={`mailto:${settings.email}`}>{settings.email}</a>
            </li>
          </ul>
          <p className="actions">
            <Link href={REGISTRATION} className="btn btn-primary">
              {t('kanyadan.register')}
            </Link>
            <Link href="/contact" className="btn btn-secondary">
              {t('kanyadan.contact.form')}
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
