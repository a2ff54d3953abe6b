import { useState, type FormEvent } from 'react';
import { Redirect, useLocation, useParams } from 'wouter';
import { CONTENT_SLUGS, ZUpdateContentRequestSchema, type TContentPage, type TContentSlug } from '@sahay/server/modules/site/content/content.schema';
import { httpStatusOf } from '#web/api/errors.ts';
import { useLang, useT, type Lang, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDateTime, formatNumber } from '#web/ui/format.ts';
import { FormError, Notice, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { useContentForEdit } from '../hooks/use-content-for-edit.ts';
import { useContentHistory } from '../hooks/use-content-history.ts';
import { useContentVersion } from '../hooks/use-content-version.ts';
import { usePreviewContent } from '../hooks/use-preview-content.ts';
import { useRestoreContent, useUpdateContent } from '../hooks/use-save-content.ts';

const PAGE_NAMES: Record<TContentSlug, MessageKey> = {
  about: 'nav.aboutUs',
  mission: 'nav.mission',
  donor: 'nav.donor',
  plan: 'nav.plan',
  legals: 'nav.legals',
};

function isSlug(value: string | undefined): value is TContentSlug {
  return (CONTENT_SLUGS as readonly string[]).includes(value ?? '');
}

/** /admin/content/:slug — edit a content page in both languages, preview it, and see or restore its history. */
export default function ContentEditorPage() {
  const t = useT();
  usePageMeta('admin.content.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  const { slug } = useParams<{ slug?: string }>();
  if (!isSlug(slug)) return <Redirect to="/content/about" replace />;
  return (
    <AdminGate permission="content">
      {() => (
        <div className="container admin-page">
          <AdminPageHeading title={t('admin.content.heading')} />
          <PagePicker slug={slug} />
          <ContentEditor key={slug} slug={slug} />
        </div>
      )}
    </AdminGate>
  );
}

function PagePicker({ slug }: { slug: TContentSlug }) {
  const t = useT();
  const [, navigate] = useLocation();
  return (
    <div className="field page-picker">
      <label htmlFor="content-page-picker">{t('admin.content.pick')}</label>
      <select id="content-page-picker" value={slug} onChange={(event) => navigate(`/content/${event.target.value}`)}>
        {CONTENT_SLUGS.map((candidate) => (
          <option key={candidate} value={candidate}>
            {t(PAGE_NAMES[candidate])} (/{candidate})
          </option>
        ))}
      </select>
    </div>
  );
}

function ContentEditor({ slug }: { slug: TContentSlug }) {
  const t = useT();
  const errorText = useErrorText();
  const page = useContentForEdit(slug);
  const update = useUpdateContent();
  const restore = useRestoreContent();

  if (page.isPending) return <p role="status">{t('common.loading')}</p>;
  if (page.isError) return <LoadError error={errorText(page.error, 'admin.content.loadFailed')} onRetry={() => void page.refetch()} retryLabel={t('common.retry')} />;

  const reload = () => {
    update.reset();
    restore.reset();
    void page.refetch();
  };
  const saved = [update, restore].find((mutation) => mutation.isSuccess && mutation.data?.version === page.data.version);
  return (
    <>
      {/* A new version (saved, restored or reloaded) starts the form afresh from it. */}
      <ContentForm key={page.data.version} page={page.data} update={update} justSavedVersion={saved ? page.data.version : null} onReload={reload} />
      <ContentHistory slug={slug} currentVersion={page.data.version} restore={restore} onReload={reload} />
    </>
  );
}

interface FormProps {
  page: TContentPage;
  update: ReturnType<typeof useUpdateContent>;
  justSavedVersion: number | null;
  onReload: () => void;
}

function ContentForm({ page, update, justSavedVersion, onReload }: FormProps) {
  const t = useT();
  const { lang, translateServer } = useLang();
  const errorText = useErrorText();
  const preview = usePreviewContent();
  const [values, setValues] = useState({ titleEn: page.title.en, titleHi: page.title.hi, bodyEn: page.body.en, bodyHi: page.body.hi });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [previewLang, setPreviewLang] = useState<Lang | null>(null);

  const isConflict = httpStatusOf(update.error) === 409;
  const formError = update.error ? errorText(update.error, 'admin.content.saveFailed') : undefined;
  const previewError = preview.error ? errorText(preview.error, 'admin.content.previewFailed') : undefined;
  const errorsFor = (name: string) => fieldErrors[name]?.map(translateServer);

  function onPreview(lang: Lang) {
    setPreviewLang(lang);
    preview.mutate({ markdown: lang === 'en' ? values.bodyEn : values.bodyHi, lang });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const request = {
      slug: page.slug,
      expectedVersion: page.version,
      data: { title: { en: values.titleEn, hi: values.titleHi }, body: { en: values.bodyEn, hi: values.bodyHi } },
    };
    const parsed = ZUpdateContentRequestSchema.safeParse(request);
    if (!parsed.success) {
      const found: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        // data.title.en → titleEn
        const [, part, lang] = issue.path.map(String);
        const name = `${part}${lang === 'hi' ? 'Hi' : 'En'}`;
        (found[name] ??= []).push(issue.message);
      }
      setFieldErrors(found);
      update.reset();
      const first = ['titleEn', 'titleHi', 'bodyEn', 'bodyHi'].find((name) => found[name]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setFieldErrors({});
    update.mutate(parsed.data);
  }

  return (
    <form className="form content-form" noValidate onSubmit={onSubmit}>
      <p className="field-hint">{t('admin.content.current', { version: page.version, by: page.updatedBy, at: formatDateTime(page.updatedAt, lang) })}</p>
      {justSavedVersion !== null && (
        <div role="status">
          <Notice tone="success">
            <p>{t('admin.content.saved', { version: justSavedVersion })}</p>
          </Notice>
        </div>
      )}
      <div className="editor-columns">
        <fieldset className="field-group">
          <legend>{t('admin.content.english')}</legend>
          <TextField name="titleEn" label={t('admin.content.title')} value={values.titleEn} onChange={(event) => setValues({ ...values, titleEn: event.target.value })} errors={errorsFor('titleEn')} />
          <TextField
            name="bodyEn"
            label={t('admin.content.body')}
            hint={t('admin.content.bodyHint')}
            multiline
            rows={18}
            className="markdown-input"
            value={values.bodyEn}
            onChange={(event) => setValues({ ...values, bodyEn: event.target.value })}
            errors={errorsFor('bodyEn')}
          />
          <button type="button" className="btn btn-secondary" onClick={() => onPreview('en')} disabled={preview.isPending}>
            {t('admin.content.previewEnglish')}
          </button>
        </fieldset>
        <fieldset className="field-group" lang="hi">
          <legend>{t('admin.content.hindi')}</legend>
          <TextField name="titleHi" label={t('admin.content.title')} value={values.titleHi} onChange={(event) => setValues({ ...values, titleHi: event.target.value })} errors={errorsFor('titleHi')} />
          <TextField
            name="bodyHi"
            label={t('admin.content.body')}
            hint={t('admin.content.bodyHint')}
            multiline
            rows={18}
            className="markdown-input"
            value={values.bodyHi}
            onChange={(event) => setValues({ ...values, bodyHi: event.target.value })}
            errors={errorsFor('bodyHi')}
          />
          <button type="button" className="btn btn-secondary" onClick={() => onPreview('hi')} disabled={preview.isPending}>
            {t('admin.content.previewHindi')}
          </button>
        </fieldset>
      </div>

      {previewLang && (
        <section className="panel preview" aria-labelledby="preview-heading" aria-busy={preview.isPending || undefined}>
          <h2 id="preview-heading">{t(previewLang === 'en' ? 'admin.content.previewHeadingEnglish' : 'admin.content.previewHeadingHindi')}</h2>
          {preview.isPending && <p role="status">{t('common.loading')}</p>}
          {previewError && <FormError message={previewError.message} hint={previewError.hint} />}
          {/* Rendered by the server: raw HTML escaped, links checked — safe to insert. */}
          {preview.data && !preview.isPending && <div className="prose" lang={previewLang} data-testid="content-preview" dangerouslySetInnerHTML={{ __html: preview.data.html }} />}
        </section>
      )}

      <FormError message={formError?.message} hint={formError?.hint} />
      <p className="actions">
        {isConflict && (
          <button type="button" className="btn btn-secondary" onClick={onReload}>
            {t('admin.reload')}
          </button>
        )}
        <SubmitButton isBusy={update.isPending} label={t('admin.content.save')} busyLabel={t('common.submitting')} />
      </p>
    </form>
  );
}

interface HistoryProps {
  slug: TContentSlug;
  currentVersion: number;
  restore: ReturnType<typeof useRestoreContent>;
  onReload: () => void;
}

function ContentHistory({ slug, currentVersion, restore, onReload }: HistoryProps) {
  const t = useT();
  const { lang } = useLang();
  const errorText = useErrorText();
  const history = useContentHistory(slug);
  const [viewing, setViewing] = useState<number | null>(null);
  const version = useContentVersion(slug, viewing);
  const restoreError = restore.error ? errorText(restore.error, 'admin.content.restoreFailed') : undefined;
  const isConflict = httpStatusOf(restore.error) === 409;

  return (
    <section className="panel" aria-labelledby="history-heading">
      <h2 id="history-heading">{t('admin.content.history')}</h2>
      {history.isPending && <p role="status">{t('common.loading')}</p>}
      {history.isError && <LoadError error={errorText(history.error, 'admin.content.historyFailed')} onRetry={() => void history.refetch()} retryLabel={t('common.retry')} />}
      <FormError message={restoreError?.message} hint={restoreError?.hint} />
      {isConflict && (
        <button type="button" className="btn btn-secondary" onClick={onReload}>
          {t('admin.reload')}
        </button>
      )}
      {history.data && (
        <ResponsiveTable
          // Named by its caption: the section around it is already the "History" landmark (two of one name confuse a screen reader's list).
          label={t('admin.content.historyCaption', { count: formatNumber(history.data.versions.length) })}
          caption={t('admin.content.historyCaption', { count: formatNumber(history.data.versions.length) })}
          testId="content-history"
          rows={history.data.versions}
          rowKey={(entry) => entry.version}
          columns={[
            {
              header: t('admin.content.version'),
              cell: (entry) => (
                <span>
                  {entry.version}
                  {entry.version === currentVersion && <span className="badge badge-unused">{t('admin.content.currentBadge')}</span>}
                  {entry.restoredFromVersion !== null && <span className="table-note">{t('admin.content.restoredFrom', { version: entry.restoredFromVersion })}</span>}
                </span>
              ),
            },
            { header: t('admin.content.title'), className: 'cell-wrap', cell: (entry) => entry.title[lang] || entry.title.en },
            { header: t('admin.content.savedBy'), className: 'mono', cell: (entry) => entry.updatedBy },
            { header: t('admin.content.savedAt'), cell: (entry) => formatDateTime(entry.updatedAt, lang) },
            {
              header: t('admin.content.actions'),
              cell: (entry) => (
                <span className="actions">
                  <button type="button" className="btn btn-small btn-secondary" onClick={() => setViewing(entry.version)} aria-pressed={viewing === entry.version}>
                    {t('admin.content.view')}
                    <span className="visually-hidden"> {t('admin.content.versionNumber', { version: entry.version })}</span>
                  </button>
                  {entry.version !== currentVersion && (
                    <button
                      type="button"
                      className="btn btn-small btn-secondary"
                      disabled={restore.isPending}
                      onClick={() => restore.mutate({ slug, version: entry.version, expectedVersion: currentVersion })}
                    >
                      {t('admin.content.restore')}
                      <span className="visually-hidden"> {t('admin.content.versionNumber', { version: entry.version })}</span>
                    </button>
                  )}
                </span>
              ),
            },
          ]}
        />
      )}
      {viewing !== null && (
        <section className="old-version" aria-labelledby="old-version-heading" data-testid="content-old-version">
          <h3 id="old-version-heading">{t('admin.content.viewing', { version: viewing })}</h3>
          {version.isPending && <p role="status">{t('common.loading')}</p>}
          {version.isError && <FormError message={errorText(version.error, 'admin.content.historyFailed').message} />}
          {version.data && (
            <div className="editor-columns">
              {(['en', 'hi'] as const).map((versionLang) => (
                <article key={versionLang} lang={versionLang}>
                  <h4>{version.data.title[versionLang]}</h4>
                  {/* Rendered by the server: safe to insert. */}
                  <div className="prose" dangerouslySetInnerHTML={{ __html: version.data.html[versionLang] }} />
                </article>
              ))}
            </div>
          )}
        </section>
      )}
    </section>
  );
}
