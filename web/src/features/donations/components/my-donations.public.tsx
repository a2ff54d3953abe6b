import { Link } from 'wouter';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { localizeHref, type Lang } from '#web/i18n/lang-url.ts';
import { formatDate, formatMoney } from '#web/ui/format.ts';
import { LoadFailure } from '#web/ui/load-failure.tsx';
import { TableScroll } from '#web/ui/table-scroll.tsx';
import { useMyCertificates, useMyDonations } from '../hooks/use-my-donations.ts';
import { displayReference } from '../reference.public.ts';
import { CAUSE_LABELS, causeOf } from './cause-select.tsx';
import { CopyField, useCopyAnnouncer } from '#web/ui/form/copy-field.tsx';
import { DonationStatusBadge } from './donation-status-badge.tsx';
import { Form10BECertificates } from './form-10be-certificates.tsx';
import { YearlyStatementLink } from './yearly-statement-link.tsx';

/**
 * The member's donate link: gifts made through it count towards the member's "funds raised". In the
 * page's language (issue 32: shared from a Hindi page, it opened in English).
 */
export function donateLinkOf(userId: string, origin: string, lang: Lang): string {
  return `${origin}${localizeHref(`/donate?ref=${encodeURIComponent(userId)}`, lang)}`;
}

/**
 * The dashboard's "My donations" (PRODUCT.md §6, issue 10): the member's own gifts with their
 * receipts and Form 10BE certificates (issue 31), a way to give, and the member's donate link to share.
 */
export function MyDonations({ userId }: { userId: string }) {
  const t = useT();
  const { lang } = useLang();
  const mine = useMyDonations();
  const certificates = useMyCertificates();
  const { announce, region } = useCopyAnnouncer();

  return (
    <section aria-labelledby="my-donations-heading" className="panel" data-testid="my-donations">
      <h2 id="my-donations-heading">{t('myDonations.heading')}</h2>
      {mine.isPending && <p role="status">{t('common.loading')}</p>}
      {mine.isError && <LoadFailure message={t('myDonations.loadFailed')} error={mine.error} onRetry={() => void mine.refetch()} />}
      {mine.data && mine.data.donations.length === 0 && <p>{t('myDonations.empty')}</p>}
      {mine.data && mine.data.donations.length > 0 && (
        <TableScroll label={t('myDonations.heading')}>
          <table className="table" data-testid="my-donations-table">
            <caption className="visually-hidden">{t('myDonations.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('myDonations.date')}</th>
                <th scope="col">{t('myDonations.amount')}</th>
                <th scope="col">{t('myDonations.cause')}</th>
                <th scope="col">{t('myDonations.status')}</th>
                <th scope="col">{t('myDonations.receipt')}</th>
              </tr>
            </thead>
            <tbody>
              {mine.data.donations.map((donation) => (
                <tr key={donation.reference}>
                  <td>
                    {formatDate(donation.pledgedAt, lang)}
                    <span className="table-note mono">{displayReference(donation.reference)}</span>
                  </td>
                  <td>{formatMoney(donation.amountPaise)}</td>
                  <td>{t(CAUSE_LABELS[causeOf(donation.cause)])}</td>
                  <td>
                    <DonationStatusBadge status={donation.status} />
                  </td>
                  <td>
                    {donation.receiptUrl ? (
                      <a href={donation.receiptUrl} download>
                        {donation.receiptSerial ?? t('myDonations.download')}
                        <span className="visually-hidden"> {t('myDonations.receiptPdf')}</span>
                      </a>
                    ) : (
                      t('common.none')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {mine.data && mine.data.donations.some((donation) => donation.status === 'verified') && <YearlyStatementLink proof={null} />}
      {mine.data && mine.data.donations.length > 0 && (
        <Form10BECertificates
          certificates={certificates.data?.certificates}
          dueOn={certificates.data?.form10bdDueOn}
          proof={null}
          status={certificates.isError && <LoadFailure message={t('form10be.loadFailed')} error={certificates.error} onRetry={() => void certificates.refetch()} />}
        />
      )}
      <p className="actions">
        <Link href="/donate" className="btn btn-primary">
          {t('myDonations.donate')}
        </Link>
      </p>
      <h3>{t('myDonations.linkHeading')}</h3>
      <p>{t('myDonations.linkHelp')}</p>
      <CopyField label={t('myDonations.link')} value={donateLinkOf(userId, window.location.origin, lang)} onCopy={announce} testId="donate-link" isMono={false} />
      {region}
    </section>
  );
}
