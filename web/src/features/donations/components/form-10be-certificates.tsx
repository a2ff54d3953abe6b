import { useId, type ReactNode } from 'react';
import type { TDonorCertificatesResponse } from '@sahay/server/modules/donations/form-10be/form-10be.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatMoney } from '#web/ui/format.ts';
import { formatDayOfYear } from '#web/ui/format-day-of-year.ts';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';

type Certificate = TDonorCertificatesResponse['certificates'][number];

/** The certificate's download: with the proof a right one-time code gave (decision 040), or bare for a signed-in member (the session does). */
export function certificateHref(certificate: Pick<Certificate, 'downloadUrl'>, proof: string | null): string {
  return proof ? `${certificate.downloadUrl}?${new URLSearchParams({ proof }).toString()}` : certificate.downloadUrl;
}

/**
 * "Tax deduction certificates (Form 10BE)" (issue 31): the donor's certificates, one row per
 * financial year and amount, each with its download; when there are none yet, when they come.
 * The caller fetches (by proof on /donate/status, signed in on My donations) and tells loading and
 * failure in `status`. `isSection`: a section of its own (the status page), else a part of the
 * section it is in (My donations). `dueOn`: the day (MM-DD) Form 10BD is due, as settings hold it.
 */
export function Form10BECertificates({
  certificates,
  dueOn,
  proof,
  status,
  isSection = false,
}: {
  certificates: readonly Certificate[] | undefined;
  dueOn: string | undefined;
  proof: string | null;
  status?: ReactNode;
  isSection?: boolean;
}) {
  const t = useT();
  const { lang } = useLang();
  const headingId = useId();
  const Heading = isSection ? 'h2' : 'h3';
  const Part = isSection ? 'section' : 'div';
  return (
    <Part className={isSection ? 'panel' : undefined} aria-labelledby={isSection ? headingId : undefined} data-testid="form-10be-certificates">
      <Heading id={headingId}>{t('form10be.heading')}</Heading>
      <p>{t('form10be.text')}</p>
      {status}
      {certificates && certificates.length === 0 && dueOn && <p data-testid="form-10be-none">{t('form10be.none', { due: formatDayOfYear(dueOn, lang) })}</p>}
      {certificates && certificates.length > 0 && (
        <ResponsiveTable
          // Not the heading's words: two landmarks of one name cannot be told apart.
          label={t('form10be.caption')}
          caption={t('form10be.caption')}
          rows={certificates}
          rowKey={(certificate) => certificate.id}
          columns={[
            { header: t('form10be.financialYear'), cell: (certificate) => certificate.financialYear },
            { header: t('form10be.amount'), cell: (certificate) => formatMoney(certificate.amountPaise) },
            {
              header: t('form10be.certificate'),
              cell: (certificate) => (
                <a href={certificateHref(certificate, proof)} download>
                  {t('form10be.download')}
                  <span className="visually-hidden"> {t('form10be.downloadLabel', { year: certificate.financialYear })}</span>
                </a>
              ),
            },
          ]}
        />
      )}
    </Part>
  );
}
