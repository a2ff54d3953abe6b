import { Link } from 'wouter';
import { useT } from '#web/i18n/i18n.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';

export default function NotFoundPage() {
  const t = useT();
  usePageMeta('notFound.metaTitle', 'notFound.metaDescription', { status: 404, isNoIndex: true });
  return (
    <div className="container page-narrow">
      <h1>{t('notFound.heading')}</h1>
      <p>{t('notFound.text')}</p>
      <p>
        <Link href="~/" className="btn btn-primary">
          {t('notFound.home')}
        </Link>
      </p>
    </div>
  );
}
