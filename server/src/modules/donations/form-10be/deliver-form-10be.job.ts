import { z } from 'zod';
import { foldStreamOf, handleCommand } from '#server/event-store/command-handler';
import type { EventMetadata } from '#server/event-store/types';
import { formatRupees } from '#server/lib/amount-in-words';
import { renderMail } from '#server/mail/render-mail';
import { renderSms } from '#server/mail/render-sms';
import { defineJob } from '#server/queue/job';
import { runExternalOnce } from '#server/queue/job-effects';
import type { JobContext } from '#server/queue/queue';
import { certificateStream, decideRecordSent, isToSend } from './form-10be-certificate.decider.ts';
import { CERTIFICATE_FILE_KIND, form10beStreamId, type DeliveryChannel, type Form10BECertificateMatched } from './form-10be.events.ts';

/**
 * Delivers a matched certificate to its donor (issue 31): mailed with the PDF attached when the
 * donation named an e-mail address, texted with the status page's link when it named a phone (the
 * download there needs the one-time code: an SMS link is no key). The contacts are those of the
 * latest of the donor's gifts the certificate covers. Each channel once per certificate: the send
 * happens once per job and channel (runExternalOnce), and Form10BECertificateSent is recorded once
 * (its decider finds it done), so a retried or repeated job sends nothing twice.
 */
export async function deliverCertificate(context: JobContext, input: { jobId: string; certificateId: string }, metadata: EventMetadata): Promise<void> {
  const { certificateId } = input;
  const streamId = form10beStreamId(certificateId);
  const { state } = await context.db.transaction((tx) => foldStreamOf(context.eventStore, tx, certificateStream, certificateId));
  if (!state.references || state.isErased) return;
  const { rows } = await context.db.query<{ donor_name: string | null; donor_email: string | null; donor_phone: string | null }>(
    `SELECT donor_name, donor_email, donor_phone FROM donations WHERE reference = $1 AND status = 'verified'`,
    [state.references[0]],
  );
  const donor = rows[0];
  if (!donor?.donor_name) return;
  const { rows: certificates } = await context.db.query<{ file_id: string | null; financial_year: string; amount_paise: string | number }>(
    `SELECT file_id, financial_year, amount_paise FROM form_10be_certificates WHERE certificate_id = $1`,
    [certificateId],
  );
  const certificate = certificates[0];
  if (!certificate?.file_id) return;
  const year = certificate.financial_year;

  const record = async (channel: DeliveryChannel) => {
    await handleCommand(context, { stream: certificateStream, id: certificateId, decide: (current) => decideRecordSent({ certificateId, channel, now: context.now() }, current), metadata });
  };

  if (donor.donor_email && isToSend(state, 'email')) {
    const email = donor.donor_email;
    const fileId = certificate.file_id;
    await runExternalOnce(context.db, `${input.jobId}_email`, async () => {
      const file = await context.files.get(fileId, { subjectId: streamId, kind: CERTIFICATE_FILE_KIND });
      if (!file) return;
      const fileName = `form-10be-${year}.pdf`;
      const amount = formatRupees(Number(certificate.amount_paise));
      await context.mailer.send({
        to: email,
        idempotencyKey: `${input.jobId}_email`,
        ...renderMail('documentAttached', {
          name: donor.donor_name!,
          document: { en: `Form 10BE certificate for ${year}`, hi: `वर्ष ${year} का फ़ॉर्म 10BE प्रमाणपत्र` },
          note: {
            en: `The income-tax department has issued the certificate of your donations of ${amount} in ${year}. Keep it with your tax papers: it is the document for claiming the deduction.`,
            hi: `आयकर विभाग ने वर्ष ${year} में आपके ${amount} के दान का प्रमाणपत्र जारी किया है। इसे अपने कर के काग़ज़ों के साथ रखें: कटौती का दावा इसी से होता है।`,
          },
          fileName,
        }),
        attachments: [{ filename: fileName, content: file.bytes, contentType: 'application/pdf' }],
      });
    });
    await record('email');
  }
  if (donor.donor_phone && context.sms.kind !== 'none' && isToSend(state, 'sms')) {
    const phone = donor.donor_phone;
    await runExternalOnce(context.db, `${input.jobId}_sms`, () =>
      context.sms.send({ to: phone, idempotencyKey: `${input.jobId}_sms`, text: renderSms('form10beCertificate', { financialYear: year, link: `${context.config.publicUrl}/donate/status` }) }),
    );
    await record('sms');
  }
}

export const deliverForm10beJob = defineJob<Form10BECertificateMatched, { certificateId: string }>({
  name: 'deliver-form-10be',
  on: ['Form10BECertificateMatched'],
  payload: z.object({ certificateId: z.string().regex(/^[0-9a-f]{32}$/) }),
  run: ({ id, event, payload }, context) =>
    deliverCertificate(context, { jobId: id, certificateId: payload.certificateId }, { actor: 'system', correlationId: event.metadata.correlationId, causationId: event.eventId, ip: null }),
});
