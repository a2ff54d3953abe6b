import type { MouseEvent } from 'react';
import { useLocation } from 'wouter';
import type { TContentSlug } from '@sahay/server/modules/site/content/content.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { summaryOf } from '#web/lib/html.ts';
import { formatDate } from '#web/ui/format.ts';
import { usePageMetaText } from '#web/ui/page-meta.tsx';
import { useContentPage } from '../hooks/use-content-page.ts';

/** The route table (pages.ts) sends only the content slugs here: /about, /mission, … */
function slugOf(location: string): TContentSlug {
  return location.replace(/^\/+|\/+$/g, '').toLowerCase() as TContentSlug;
}

/**
 * /about, /mission, /donor, /plan and /legals: Markdown edited by admins (PRODUCT.md §3), rendered
 * by the server into safe HTML (raw HTML escaped, links checked), so it may be inserted as is.
 */
export default function ContentPage() {
  const t = useT();
  const { lang } = useLang();
  const [location, navigate] = useLocation();
  const slug = slugOf(location);
  const page = useContentPage(slug);
  const title = page.title[lang] || page.title.en;
  const html = page.html[lang] || page.html.en;
  usePageMetaText(t('content.metaTitle', { title }), summaryOf(html) || t('content.metaDescription'));

  // Links to the site's own pages stay in the app (and in the reader's language).
  function onClick(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//') || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  }

  return (
    <article className="container page-content" aria-labelledby="content-heading">
      <h1 id="content-heading">{title}</h1>
      <div className="prose" data-testid="content-body" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
      {page.version > 0 && <p className="page-updated">{t('content.updated', { date: formatDate(page.updatedAt, lang) })}</p>}
    </article>
  );
}
