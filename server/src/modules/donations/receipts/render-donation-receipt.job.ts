import crypto from 'node:crypto';
import { z } from 'zod';
import { foldStream, handleCommand } from '#server/event-store/command-handler';

import type { EventMetadata } from '#server/event-store/types';
import { formatRupees } from '#server/lib/amount-in-words';
import { renderMail } from '#server/mail/render-mail';
import { currentSigningIdentity, signatureImageBytes } from '#server/modules/site/site.api';
import type { PdfSigningIdentity } from '#server/pdf/pdf-signing';
import { runExternalOnce } from '#server/queue/job-effects';
import { defineJob } from '#server/queue/job';
import type { JobContext } from '#server/queue/queue';
import { donationStreamId, type DonationCancelled, type DonationVerified, type DonorDetails, type ReceiptVariant } from '../donations.events.ts';
import { receiptCheckUrl, receiptFileName, renderReceiptPdf, type ReceiptPdfInput } from './receipt-pdf.ts';
import { signReceipt } from './receipt-signature.ts';
import { manageLinkOf } from '../monthly/manage-link.ts';
import { type ReceiptJobState, decideReceiptRendered, evolveReceiptJob, noReceiptJobState } from '../donation.decider.ts';

/** The file store's kind for receipt PDFs (both variants), stored under the donation's subject. */
export const RECEIPT_FILE_KIND = 'donation-receipt';

/** What the PDF says, from the stream and the revealed donor: nothing is read from settings now. */
export function receiptPdfInput(
  state: ReceiptJobState,
  donor: DonorDetails,
  options: { reference: string; variant: ReceiptVariant; checkUrl: string; signatureImage?: Buffer | null; signing?: PdfSigningIdentity | null },
): ReceiptPdfInput {
  const { verified, pledge } = state;
  if (!verified || !pledge) throw new Error(`render-donation-receipt: donation ${options.reference} has no issued receipt`);
  const common = {
    serial: verified.receipt.serial,
    issuedOn: verified.receipt.issuedOn,
    issuer: verified.receipt.issuer,
    reference: options.reference,
    donor: { name: donor.name, pan: donor.pan, address: donor.address },
    amountPaise: verified.amountPaise,
    cause: verified.cause,
    donationType: verified.donationType ?? 'others',
    mode: verified.mode,
    receivedOn: verified.receivedOn,
    utr: verified.utr,
    paymentId: verified.paymentId ?? null,
    instrumentNumber: verified.instrumentNumber,
    instrument: verified.instrumentBank && verified.instrumentDate ? { bank: verified.instrumentBank, date: verified.instrumentDate } : null,
    isCashAboveLimit: verified.receipt.isCashAboveLimit,
    checkUrl: options.checkUrl,
    signatureImage: options.signatureImage ?? null,
    signing: options.signing ?? null,
  };
  if (options.variant === 'issued') return { ...common, variant: 'issued', createdAt: new Date(verified.verifiedAt) };
  if (!state.cancelled) throw new Error(`render-donation-receipt: donation ${options.reference} is not cancelled`);
  return {
    ...common,
    variant: 'cancelled',
    cancellation: { cancelledAt: state.cancelled.cancelledAt, reason: state.cancelled.reason },
    createdAt: new Date(state.cancelled.cancelledAt),
  };
}

/** The bilingual lines of the mail that carries the receipt. */
function mailText(state: ReceiptJobState, variant: ReceiptVariant): { document: { en: string; hi: string }; note: { en: string; hi: string } } {
  const verified = state.verified!;
  const { serial, issuer } = verified.receipt;
  const amount = formatRupees(verified.amountPaise);
  if (variant === 'issued') {
    return {
      document: { en: `Donation receipt ${serial}`, hi: `दान रसीद ${serial}` },
      note: {
        en: `Thank you for your donation of ${amount} to ${issuer.foundationName.en}.`,
        hi: `${issuer.foundationName.hi} को ${amount} के आपके दान के लिए धन्यवाद।`,
      },
    };
  }
  // Staff write the reason; a mail line is one line.
  const reason = state.cancelled!.reason.replace(/\s+/g, ' ').trim();
  return {
    document: { en: `Cancelled donation receipt ${serial}`, hi: `रद्द दान रसीद ${serial}` },
    note: {
      en: `Your donation of ${amount} was cancelled, so receipt ${serial} is no longer valid. Reason: ${reason}`,
      hi: `${amount} का आपका दान रद्द कर दिया गया है, इसलिए रसीद ${serial} अब मान्य नहीं है। कारण: ${reason}`,
    },
  };
}

/**
 * Draws a donation's receipt (as issued, or re-issued marked CANCELLED), stores it sealed under
 * the donation's subject, records ReceiptRendered in the transaction that stores the file, and
 * mails it to the donor when they gave an e-mail address. The PDF is drawn outside the
 * transaction (it takes tens of milliseconds) with a file ID chosen beforehand; a run that finds
 * the variant drawn stores nothing and mails the stored file. The mail is sent once per job ID.
 */
export async function renderDonationReceipt(
  context: JobContext,
  input: { jobId: string; reference: string; variant: ReceiptVariant },
  metadata: EventMetadata,
): Promise<void> {
  const { reference, variant } = input;
  const streamId = donationStreamId(reference);
  // Two reads, no transaction around them: under READ COMMITTED one would see each at its own moment
  // all the same, and BEGIN and COMMIT are two more round trips a receipt (issue 33). A donor erased
  // between them reveals as null, as one erased before.
  const read = await foldStream(context.eventStore, context.db, streamId, evolveReceiptJob, noReceiptJobState);
  const { state } = read;
  const donor = state.pledge && !state.isErased ? await context.eventStore.vault.reveal<DonorDetails>(context.db, state.pledge.donor) : null;
  if (!donor) {
    // The donor's personal data was erased: no receipt can name them any more, and none is mailed.
    context.log.info({ reference, variant }, 'render-donation-receipt: the donation was erased; nothing drawn');
    return;
  }

  let fileId = state.rendered[variant]?.fileId;
  let pdf: Buffer | null = null;
  if (!fileId) {
    const serial = state.verified?.receipt.serial;
    if (!serial) throw new Error(`render-donation-receipt: donation ${reference} has no issued receipt`);
    const checkUrl = receiptCheckUrl(context.config.publicUrl, serial, signReceipt(context.eventStore.vault, serial));
    // The signature image the receipt was issued with (its version is frozen in the issuer), and the
    // certificate in force now: a receipt drawn later (re-issued CANCELLED) is signed by today's.
    const signatureFileId = state.verified?.receipt.issuer.signatureFileId;
    const signatureImage = signatureFileId ? await signatureImageBytes(context.files, signatureFileId) : null;
    const signing = await currentSigningIdentity({ db: context.db, eventStore: context.eventStore, files: context.files, vault: context.eventStore.vault }, context.now());
    const drawn = await renderReceiptPdf(receiptPdfInput(state, donor, { reference, variant, checkUrl, signatureImage, signing }));
    const newFileId = crypto.randomUUID();
    const result = await handleCommand(context, {
      streamId,
      evolve: evolveReceiptJob,
      initialState: noReceiptJobState,
      // The read the PDF was drawn from: recorded at its version, or read again if the stream moved (issue 33).
      readBefore: read,
      decide: (current) => decideReceiptRendered({ reference, variant, fileId: newFileId, now: context.now() }, current),
      metadata,
      async onRecorded(tx) {
        await context.files.put({ fileId: newFileId, subjectId: streamId, kind: RECEIPT_FILE_KIND, mediaType: 'application/pdf', bytes: drawn }, tx);
      },
    });
    if (result.events.length > 0) {
      fileId = newFileId;
      pdf = drawn;
    } else {
      // Another run drew it first (or the donation was erased meanwhile): that run's file is the receipt.
      fileId = result.state.rendered[variant]?.fileId;
    }
  }

  if (!donor.email || !fileId) return;
  const to = donor.email;
  const stored = fileId;
  await runExternalOnce(context.db, input.jobId, async () => {
    if (variant === 'issued') {
      // Read again just before sending: a donation cancelled since this run began (a bounced cheque)
      // must not be sent a clean receipt with thanks; the CANCELLED one is mailed by its own run.
      const now = (await foldStream(context.eventStore, context.db, streamId, evolveReceiptJob, noReceiptJobState)).state;
      if (now.cancelled) {
        context.log.info({ reference }, 'render-donation-receipt: cancelled before its receipt was mailed; not mailed');
        return;
      }
    }
    const bytes = pdf ?? (await context.files.get(stored, { subjectId: streamId, kind: RECEIPT_FILE_KIND }))?.bytes;
    if (!bytes) {
      context.log.info({ reference, variant }, 'render-donation-receipt: the receipt file is gone (erased); no mail');
      return;
    }
    const fileName = receiptFileName(state.verified!.receipt.serial, variant);
    const { document, note } = mailText(state, variant);
    await context.mailer.send({
      to,
      idempotencyKey: input.jobId,
      ...renderMail('documentAttached', { name: donor.name, note, document, fileName, ...monthlyLinkOf(context, state, donor) }),
      attachments: [{ filename: fileName, content: bytes, contentType: 'application/pdf' }],
    });
  });
}

/** A monthly gift's receipt carries its plan's manage link, as every message of the plan does (decision 079). */
function monthlyLinkOf(context: JobContext, state: ReceiptJobState, donor: DonorDetails): { manageLink?: string } {
  const planId = state.pledge?.monthlyPlanId;
  return planId ? { manageLink: manageLinkOf(context.config.publicUrl, context.eventStore.vault, planId, donor.language ?? null) } : {};
}

const REFERENCE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;

export const renderDonationReceiptJob = defineJob<DonationVerified | DonationCancelled, { reference: string }>({
  name: 'render-donation-receipt',
  on: ['DonationVerified', 'DonationCancelled'],
  payload: z.object({ reference: z.string().regex(REFERENCE) }),
  run: ({ id, event, payload }, context) =>
    renderDonationReceipt(
      context,
      { jobId: id, reference: payload.reference, variant: event.type === 'DonationCancelled' ? 'cancelled' : 'issued' },
      { actor: 'system', correlationId: event.metadata.correlationId, causationId: event.eventId, ip: null },
    ),
});
