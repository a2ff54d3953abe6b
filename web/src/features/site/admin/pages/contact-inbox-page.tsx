import { Link, useParams, useSearch } from 'wouter';
import type { TContactMessage } from '@sahay/server/modules/site/contact/contact.schema';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDateTime, formatNumber } from '#web/ui/format.ts';
import { FormError } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { useContactMessage, useContactMessages, useMarkContactHandled, type ContactStatus } from '../hooks/use-contact-messages.ts';

const STATUSES: ReadonlyArray<{ status: ContactStatus; label: MessageKey }> = [
  { status: 'open', label: 'admin.contact.open' },
  { status: 'handled', label: 'admin.contact.handled' },
  { status: 'all', label: 'admin.contact.all' },
];

function statusOf(search: string): ContactStatus {
  const status = new URLSearchParams(search).get('status');
  return status === 'handled' || status === 'all' ? status : 'open';
}

/** /admin/contact — the messages sent through the contact form; /admin/contact/:id — one of them. */
export default function ContactInboxPage() {
  const t = useT();
  usePageMeta('admin.contact.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  const { id } = useParams<{ id?: string }>();
  return (
    <AdminGate permission="content">
      {() => <div className="container admin-page">{id ? <ContactMessageView id={id} /> : <Inbox title={t('admin.contact.heading')} />}</div>}
    </AdminGate>
  );
}

function Inbox({ title }: { title: string }) {
  const t = useT();
  const { lang } = useLang();
  const errorText = useErrorText();
  const status = statusOf(useSearch());
  const messages = useContactMessages(status);

  return (
    <>
      <AdminPageHeading title={title} />
      <nav aria-label={t('admin.contact.filter')}>
        <ul className="filter-links">
          {STATUSES.map((option) => (
            <li key={option.status}>
              <Link href={`/contact?status=${option.status}`} aria-current={option.status === status ? 'page' : undefined}>
                {t(option.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {messages.isPending && <p role="status">{t('common.loading')}</p>}
      {messages.isError && <LoadError error={errorText(messages.error, 'admin.contact.loadFailed')} onRetry={() => void messages.refetch()} retryLabel={t('common.retry')} />}
      {messages.data && messages.data.messages.length === 0 && <p>{t('admin.contact.empty')}</p>}
      {messages.data && messages.data.messages.length > 0 && (
        <ResponsiveTable
          label={title}
          caption={t('admin.contact.caption', { count: formatNumber(messages.data.messages.length) })}
          testId="contact-inbox"
          rows={messages.data.messages}
          rowKey={(message) => message.id}
          columns={[
            { header: t('admin.contact.receivedAt'), cell: (message) => formatDateTime(message.receivedAt, lang) },
            { header: t('admin.contact.name'), cell: (message) => <Link href={`/contact/${message.id}`}>{message.name}</Link> },
            { header: t('admin.contact.replyTo'), cell: (message) => message.email ?? message.phone ?? t('common.none') },
            { header: t('admin.contact.message'), className: 'cell-wrap', cell: (message) => (message.message.length > 80 ? `${message.message.slice(0, 80)}…` : message.message) },
            { header: t('admin.contact.status'), cell: (message) => <StatusBadge message={message} /> },
          ]}
        />
      )}
    </>
  );
}

function StatusBadge({ message }: { message: TContactMessage }) {
  const t = useT();
  return message.handledAt ? <span className="badge badge-used">{t('admin.contact.handledBadge')}</span> : <span className="badge badge-unused">{t('admin.contact.openBadge')}</span>;
}

function ContactMessageView({ id }: { id: string }) {
  const t = useT();
  const { lang } = useLang();
  const errorText = useErrorText();
  const message = useContactMessage(id);
  const markHandled = useMarkContactHandled();
  const markError = markHandled.error ? errorText(markHandled.error, 'admin.contact.markFailed') : undefined;

  return (
    <>
      <AdminPageHeading title={t('admin.contact.messageHeading')} />
      <p>
        <Link href="/contact">{t('admin.contact.backToInbox')}</Link>
      </p>
      {message.isPending && <p role="status">{t('common.loading')}</p>}
      {message.isError && <LoadError error={errorText(message.error, 'admin.contact.loadFailed')} onRetry={() => void message.refetch()} retryLabel={t('common.retry')} />}
      {message.data && (
        <article className="panel" aria-labelledby="message-from" data-testid="contact-message">
          <h2 id="message-from">{t('admin.contact.from', { name: message.data.name })}</h2>
          <dl className="facts">
            <div>
              <dt>{t('admin.contact.email')}</dt>
              <dd>{message.data.email ? <a href={`mailto:${message.data.email}`}>{message.data.email}</a> : t('common.none')}</dd>
            </div>
            <div>
              <dt>{t('admin.contact.phone')}</dt>
              <dd>{message.data.phone ? <a href={`tel:${message.data.phone.replace(/[\s-]/g, '')}`}>{message.data.phone}</a> : t('common.none')}</dd>
            </div>
            <div>
              <dt>{t('admin.contact.receivedAt')}</dt>
              <dd>{formatDateTime(message.data.receivedAt, lang)}</dd>
            </div>
            <div>
              <dt>{t('admin.contact.status')}</dt>
              <dd>
                <StatusBadge message={message.data} />
                {message.data.handledAt && (
                  <span className="table-note">{t('admin.contact.handledBy', { by: message.data.handledBy ?? t('common.none'), at: formatDateTime(message.data.handledAt, lang) })}</span>
                )}
              </dd>
            </div>
          </dl>
          <h3>{t('admin.contact.message')}</h3>
          <p className="message-text">{message.data.message}</p>
          <FormError message={markError?.message} hint={markError?.hint} />
          {!message.data.handledAt && (
            <button type="button" className="btn btn-primary" disabled={markHandled.isPending} onClick={() => markHandled.mutate({ id })}>
              {markHandled.isPending ? t('common.submitting') : t('admin.contact.markHandled')}
            </button>
          )}
        </article>
      )}
    </>
  );
}
