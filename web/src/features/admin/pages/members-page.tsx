import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ZSearchMembersRequestSchema } from '@sahay/server/modules/admin/members/members.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { usePlural } from '#web/i18n/plural.ts';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { EraseContactForm } from '../components/erase-contact-form.tsx';
import { AdminGate } from '../components/admin-gate.public.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.public.tsx';
import { ListPager } from '#web/ui/list-pager.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { MemberTable } from '../components/member-table.tsx';
import { useCompanyDirects, useMemberSearch } from '../hooks/use-members.ts';

/** /admin/members — find a member by user ID, name, phone or e-mail; the company directs (PRODUCT.md §9). */
export default function MembersPage() {
  const t = useT();
  usePageMeta('admin.members.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return (
    <AdminGate permission="members">
      {() => (
        <div className="container admin-page member-page">
          <AdminPageHeading title={t('admin.members.heading')} />
          <MemberSearchFor />
          <CompanyDirects />
          <EraseContactForm />
        </div>
      )}
    </AdminGate>
  );
}

/** The query lives in the address, so Back returns to the results (and the field shows that query again). */
function MemberSearchFor() {
  const query = new URLSearchParams(useSearch()).get('q') ?? '';
  return <MemberSearch key={query} query={query} />;
}

function MemberSearch({ query }: { query: string }) {
  const t = useT();
  const plural = usePlural();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState(query);
  const [errors, setErrors] = useState<string[]>([]);
  const results = useMemberSearch(query);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZSearchMembersRequestSchema.safeParse({ query: typed });
    if (!parsed.success) {
      setErrors(parsed.error.issues.map((issue) => translateServer(issue.message)));
      (event.currentTarget.elements.namedItem('q') as HTMLElement | null)?.focus();
      return;
    }
    setErrors([]);
    navigate(`/members?q=${encodeURIComponent(parsed.data.query)}`);
  }

  return (
    <section aria-labelledby="search-heading" className="panel">
      <h2 id="search-heading">{t('admin.members.searchHeading')}</h2>
      <form className="form form-search" role="search" noValidate onSubmit={onSubmit}>
        <TextField name="q" type="search" label={t('admin.members.searchLabel')} hint={t('admin.members.searchHint')} spellCheck={false} autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} errors={errors} />
        <button type="submit" className="btn btn-primary">
          {t('admin.members.search')}
        </button>
      </form>
      {query.length >= 2 && results.isPending && <p role="status">{t('common.loading')}</p>}
      {results.isError && <LoadError error={errorText(results.error, 'admin.members.searchFailed')} onRetry={() => void results.refetch()} retryLabel={t('common.retry')} />}
      {results.data && results.data.members.length === 0 && <p role="status">{t('admin.members.noResults', { query })}</p>}
      {results.data && results.data.members.length > 0 && (
        <MemberTable caption={plural('admin.members.resultsCaption', results.data.members.length, { query })} members={results.data.members} testId="member-results" />
      )}
    </section>
  );
}

/** Members with no sponsor, a page at a time, the newest first. */
function CompanyDirects() {
  const t = useT();
  const plural = usePlural();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const directs = useCompanyDirects(page);
  return (
    <section aria-labelledby="company-directs-heading" className="panel">
      <h2 id="company-directs-heading">{t('admin.members.companyDirects')}</h2>
      <p>{t('admin.members.companyDirectsHelp')}</p>
      {directs.isPending && <p role="status">{t('common.loading')}</p>}
      {directs.isError && <LoadError error={errorText(directs.error, 'admin.members.loadFailed')} onRetry={() => void directs.refetch()} retryLabel={t('common.retry')} />}
      {directs.data && directs.data.members.length === 0 && <p>{t('admin.members.noCompanyDirects')}</p>}
      {directs.data && directs.data.members.length > 0 && (
        <>
          <MemberTable caption={plural('admin.members.companyDirectsCaption', directs.data.total)} members={directs.data.members} testId="company-directs" />
          <ListPager label={t('admin.members.companyDirectsPages')} page={directs.data.page} pageCount={directs.data.pageCount} isBusy={directs.isFetching} onPage={setPage} testId="company-directs-pager" />
        </>
      )}
    </section>
  );
}
