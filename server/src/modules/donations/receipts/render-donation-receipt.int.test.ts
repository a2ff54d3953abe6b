import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEventOf, type Recorded } from '#server/event-store/types';
import type { MailMessage, Mailer } from '#server/lib/mailer';
import { JobPayloadError } from '#server/queue/job';
import type { JobContext } from '#server/queue/queue';
import { readOutbox } from '#server/testing/outbox';
import { extractPdfText } from '#server/testing/pdf/pdf-render';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { cancelDonation } from '../verification/cancel-donation.ts';
import { donationStreamId, receiptSerialStreamId, type DonationCancelled, type DonationVerified, type ReceiptRendered, type ReceiptSerialAllocated } from '../donations.events.ts';
import { eraseDonation } from '../erase-donation.ts';
import { recordOfflineDonation } from '../verification/record-offline-donation.ts';
import { ZRecordOfflineDonationRequestSchema, type TRecordOfflineDonationRequest } from '../verification/record-offline-donation.schema.ts';
import { isGenuineReceiptSignature } from './receipt-signature.ts';
import { RECEIPT_FILE_KIND, renderDonationReceiptJob } from './render-donation-receipt.job.ts';

const now = new Date('2026-05-02T06:00:00Z');

/** A mail server that is down. */
const failing: Mailer = {
  kind: 'outbox',
  async send() {
    throw new Error('SMTP is down');
  },
  close() {},
};
const meta = () => ({ actor: 'system', correlationId: crypto.randomUUID() });

describe.each(testDbKinds())('the receipt job on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => now });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A cheque gift recorded at the office (pledged and verified in one command): its canonical reference. */
  async function offlineGift(overrides: Partial<TRecordOfflineDonationRequest> = {}): Promise<string> {
    const input = ZRecordOfflineDonationRequestSchema.parse({
      amountPaise: 1_250_00,
      cause: 'kanyadan',
      donorName: 'श्रीमती कृष्णा देवी',
      email: `donor.${crypto.randomBytes(4).toString('hex')}@example.org`,
      pan: 'ABCDE1234F',
      address: 'आर्द्र क्षेत्र, Patna',
      showName: false,
      mode: 'cheque',
      // A cheque number of its own: the same cheque and amount verify one gift only.
      instrumentNumber: String(100_000 + crypto.randomInt(900_000)),
      receivedOn: '2026-05-01',
      ...overrides,
    });
    const { reference } = await recordOfflineDonation(app.services, input, meta());
    return reference.replace('-', '');
  }

  async function eventOf<E extends DonationVerified | DonationCancelled>(reference: string, type: E['type']): Promise<Recorded<E>> {
    const events = await app.services.eventStore.readStream(donationStreamId(reference));
    return events.find((event) => isEventOf<E>(event, [type]))!;
  }

  const jobIdOf = (event: { eventId: string }) => `${event.eventId}_${renderDonationReceiptJob.name}`;
  const runJob = (event: Recorded<DonationVerified | DonationCancelled>, context: JobContext = app.services) =>
    renderDonationReceiptJob.run({ id: jobIdOf(event), event }, context);

  async function renderedOf(reference: string): Promise<Recorded<ReceiptRendered>[]> {
    return (await app.services.eventStore.readStream(donationStreamId(reference))).filter((event) => isEventOf<ReceiptRendered>(event, ['ReceiptRendered']));
  }
  async function filesOf(reference: string): Promise<{ file_id: string; kind: string; media_type: string }[]> {
    const { rows } = await app.services.db.query<{ file_id: string; kind: string; media_type: string }>(
      `SELECT file_id::text AS file_id, kind, media_type FROM files WHERE subject_id = $1 ORDER BY created_at, file_id`,
      [donationStreamId(reference)],
    );
    return rows;
  }
  const mailsOf = (jobId: string) => readOutbox(app.dataDir).filter((mail) => mail.file === `${jobId}.eml`);

  it('run twice, and three times at once: one ReceiptRendered, one file, one mail, one serial', async () => {
    const reference = await offlineGift({ email: 'krishna.devi@example.org', instrumentNumber: '004512' });
    const verified = await eventOf<DonationVerified>(reference, 'DonationVerified');
    const { serial } = verified.data.receipt;

    await Promise.all([runJob(verified), runJob(verified), runJob(verified)]);
    await runJob(verified);

    const rendered = await renderedOf(reference);
    expect(rendered).toHaveLength(1);
    expect(rendered[0]!.data).toMatchObject({ reference, serial, variant: 'issued' });
    expect(rendered[0]!.metadata).toMatchObject({ actor: 'system', causationId: verified.eventId });
    const files = await filesOf(reference);
    expect(files).toEqual([{ file_id: rendered[0]!.data.fileId, kind: RECEIPT_FILE_KIND, media_type: 'application/pdf' }]);

    const stored = await app.services.files.get(rendered[0]!.data.fileId, { subjectId: donationStreamId(reference), kind: RECEIPT_FILE_KIND });
    const text = await extractPdfText(stored!.bytes);
    for (const expected of [serial, 'XXXXX1234F', 'Rupees One Thousand Two Hundred Fifty Only', 'Cheque No.', '004512', '01/05/2026']) expect(text).toContain(expected);
    // The QR code's link carries a signature the public check accepts.
    const link = new RegExp(`/donate/receipt/${encodeURIComponent(serial)}\\?s=(\\S+)`).exec(text);
    expect(link).not.toBeNull();
    expect(isGenuineReceiptSignature(app.services.vault, serial, decodeURIComponent(link![1]!))).toBe(true);

    // One message: runs at once may each reach the mailer (runExternalOnce records after sending),
    // but all under the job's idempotency key, which names the outbox file and the Message-ID.
    const mails = mailsOf(jobIdOf(verified));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(new RegExp(`Message-ID:\\s+<${jobIdOf(verified)}@sahay\\.local>`));
    expect(mails[0]!.text).toContain('To: krishna.devi@example.org');
    expect(mails[0]!.text).toContain(`Donation receipt ${serial}`);
    expect(mails[0]!.text).toContain(`दान रसीद ${serial}`);
    expect(mails[0]!.text).toContain('Thank you for your donation of ₹1,250.00 to Sahay Foundation.');
    expect(mails[0]!.text).toMatch(/Content-Type: application\/pdf; name=receipt-SAHAY-2026-27-\d{6}\.pdf/);

    // The job issues no serial of its own: the year's serial stream names this donation once.
    const serials = (await app.services.eventStore.readStream(receiptSerialStreamId('SAHAY', '2026-27')))
      .filter((event) => isEventOf<ReceiptSerialAllocated>(event, ['ReceiptSerialAllocated']))
      .filter((event) => event.data.reference === reference);
    expect(serials.map((event) => event.data.serial)).toEqual([serial]);
  });

  it('draws and stores the receipt of a donor who gave only a phone number, and mails nothing', async () => {
    const reference = await offlineGift({ email: undefined, phone: '9876543210' });
    const verified = await eventOf<DonationVerified>(reference, 'DonationVerified');
    const outboxBefore = readOutbox(app.dataDir).length;
    await runJob(verified);
    expect(await renderedOf(reference)).toHaveLength(1);
    expect(await filesOf(reference)).toHaveLength(1);
    expect(readOutbox(app.dataDir)).toHaveLength(outboxBefore);
  });

  it('re-issues a cancelled donation’s receipt marked CANCELLED, as a second file and a second mail, keeping the first', async () => {
    const reference = await offlineGift();
    const verified = await eventOf<DonationVerified>(reference, 'DonationVerified');
    await runJob(verified);
    await cancelDonation(app.services, { reference, reason: 'Cheque bounced' }, meta());
    const cancelledEvent = await eventOf<DonationCancelled>(reference, 'DonationCancelled');
    await runJob(cancelledEvent);
    await runJob(cancelledEvent);

    const rendered = await renderedOf(reference);
    expect(rendered.map((event) => event.data.variant)).toEqual(['issued', 'cancelled']);
    expect(rendered[1]!.data.serial).toBe(verified.data.receipt.serial);
    expect((await filesOf(reference)).map((file) => file.file_id)).toEqual(expect.arrayContaining(rendered.map((event) => event.data.fileId)));
    expect(await filesOf(reference)).toHaveLength(2);
    const withdrawn = await app.services.files.get(rendered[1]!.data.fileId, { subjectId: donationStreamId(reference), kind: RECEIPT_FILE_KIND });
    const text = await extractPdfText(withdrawn!.bytes);
    for (const expected of ['CANCELLED', verified.data.receipt.serial, 'Cheque bounced', '02/05/2026']) expect(text).toContain(expected);

    const mails = mailsOf(jobIdOf(cancelledEvent));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Cancelled donation receipt ${verified.data.receipt.serial}`);
    expect(mails[0]!.text).toContain('Reason: Cheque bounced');
    expect(mails[0]!.text).toMatch(/name=receipt-SAHAY-2026-27-\d{6}-cancelled\.pdf/);
  });

  it('mails the stored receipt when a run that drew it failed before mailing', async () => {
    const reference = await offlineGift();
    const verified = await eventOf<DonationVerified>(reference, 'DonationVerified');
    await expect(runJob(verified, { ...app.services, mailer: failing })).rejects.toThrow('SMTP is down');
    expect(await renderedOf(reference)).toHaveLength(1);

    const sent: MailMessage[] = [];
    const capturing: Mailer = { kind: 'outbox', send: async (message) => void sent.push(message), close() {} };
    await runJob(verified, { ...app.services, mailer: capturing });
    await runJob(verified, { ...app.services, mailer: capturing });
    expect(await renderedOf(reference)).toHaveLength(1);
    expect(await filesOf(reference)).toHaveLength(1);
    expect(sent).toHaveLength(1);
    const stored = await app.services.files.get((await renderedOf(reference))[0]!.data.fileId);
    expect(sent[0]!.attachments![0]!.content.equals(stored!.bytes)).toBe(true);
  });

  it('sends no clean receipt to a donor whose gift was cancelled before its mail went out, only the CANCELLED one', async () => {
    const reference = await offlineGift();
    const verified = await eventOf<DonationVerified>(reference, 'DonationVerified');
    await expect(runJob(verified, { ...app.services, mailer: failing })).rejects.toThrow('SMTP is down');
    await cancelDonation(app.services, { reference, reason: 'Cheque bounced' }, meta());

    const sent: MailMessage[] = [];
    const capturing: Mailer = { kind: 'outbox', send: async (message) => void sent.push(message), close() {} };
    await runJob(verified, { ...app.services, mailer: capturing });
    expect(sent).toEqual([]);
    await runJob(await eventOf<DonationCancelled>(reference, 'DonationCancelled'), { ...app.services, mailer: capturing });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`Cancelled donation receipt ${verified.data.receipt.serial}`);
  });

  it('loses the receipt files with the donor’s erasure, and draws and mails nothing for the erased donation afterwards', async () => {
    const reference = await offlineGift();
    const verified = await eventOf<DonationVerified>(reference, 'DonationVerified');
    await runJob(verified);
    const [rendered] = await renderedOf(reference);
    expect(await filesOf(reference)).toHaveLength(1);

    await eraseDonation(app.services, { reference, reason: 'Asked to be forgotten' }, meta());
    expect(await filesOf(reference)).toEqual([]);
    expect(await app.services.files.get(rendered!.data.fileId)).toBeNull();

    // A redelivery of the first job, and the job of a cancellation recorded after the erasure.
    await cancelDonation(app.services, { reference, reason: 'Duplicate entry' }, meta());
    const cancelledEvent = await eventOf<DonationCancelled>(reference, 'DonationCancelled');
    const outboxBefore = readOutbox(app.dataDir).length;
    await runJob(verified);
    await runJob(cancelledEvent);
    expect((await renderedOf(reference)).map((event) => event.data.variant)).toEqual(['issued']);
    expect(await filesOf(reference)).toEqual([]);
    expect(readOutbox(app.dataDir)).toHaveLength(outboxBefore);
  });

  it('fails at once, writing nothing, for an event that does not name a donation', async () => {
    const reference = await offlineGift();
    const verified = await eventOf<DonationVerified>(reference, 'DonationVerified');
    const before = await app.eventCount();
    const broken = { ...verified, data: { ...verified.data, reference: '../../etc' } };
    await expect(runJob(broken)).rejects.toThrow(JobPayloadError);
    await expect(runJob(broken)).rejects.toThrow('Job render-donation-receipt: the event does not carry what the job needs (reference:');
    expect(await app.eventCount()).toBe(before);
    expect(await filesOf(reference)).toEqual([]);
  });
});
