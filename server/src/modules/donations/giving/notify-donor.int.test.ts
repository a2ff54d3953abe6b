import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { createSmtpMailer } from '#server/lib/mailer';
import { parseMime, type MimePart } from '#server/testing/mime';
import { startTestSmsGateway, type TestSmsGateway } from '#server/testing/sms-gateway';
import { startTestSmtpServer, type TestSmtpServer } from '#server/testing/smtp-server';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { renderDonationReceiptJob } from '../receipts/render-donation-receipt.job.ts';
import { pledgeInput, uniqueDonor, uniqueUtr } from '../donations.test-helper.ts';
import { notifyDonorJob } from './notify-donor.job.ts';

/** A mail as its reader sees it: the recipients, the subject, the plain text and the attachments' names. */
function readMail(raw: Buffer, to: string[]): { to: string[]; subject: string; text: string; attachments: string[] } {
  const root = parseMime(raw);
  const leaves = (part: MimePart): MimePart[] => (part.parts.length === 0 ? [part] : part.parts.flatMap(leaves));
  const parts = leaves(root);
  const text = parts.find((part) => part.type === 'text/plain')?.body.toString('utf8') ?? '';
  const subjectHeader = root.headers.get('subject') ?? '';
  // Encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) decoded, as a mail program shows the subject.
  const subject = subjectHeader.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_match, kind: string, body: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(body, 'base64').toString('utf8')
      : Buffer.from(body.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))), 'latin1').toString('utf8'),
  );
  return { to, subject, text, attachments: parts.filter((part) => part.headers.get('content-disposition')?.startsWith('attachment')).map((part) => part.params.name ?? '') };
}

const DEVANAGARI = /[\u0900-\u097f]/;

/**
 * Issue 32, item 6 (decision 062): a donor is told their reference when they pledge and where their
 * receipt is when the gift is verified — by e-mail when they gave one, by SMS when they gave only a
 * phone — once per event, in their language, with nothing more about them than the reference.
 */
describe.each(testDbKinds())('a donor is told each step, once, on %s', (kind) => {
  let app: TestApp;
  let smtp: TestSmtpServer;
  let gateway: TestSmsGateway;
  let finance: AppCaller;

  beforeAll(async () => {
    [smtp, gateway] = await Promise.all([startTestSmtpServer(), startTestSmsGateway()]);
    app = await createTestApp(kind, { sms: gateway.sender, now: () => new Date('2031-06-02T06:00:00.000Z') });
    app.services.mailer = createSmtpMailer(smtp.url, 'no-reply@sahay.local', pino({ level: 'silent' }));
    finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([smtp?.close(), gateway?.close()]);
  });

  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => readMail(mail.raw, mail.to));
  const smsTo = (phone: string) => gateway.received.filter((sms) => sms.to === `+91${phone}`);

  async function pledgeAndVerify(input: Parameters<typeof pledgeInput>[0]): Promise<string> {
    const pay = await (await app.caller()).donations.create(pledgeInput(input));
    await app.runJobs();
    return pay.reference;
  }
  async function verify(reference: string, contact: string): Promise<void> {
    await (await app.caller()).donations.submitProof({ reference, contact, utr: uniqueUtr() });
    await finance.donations.admin.verify({ reference, receivedOn: '2031-06-02', mode: 'upi' });
    await app.runJobs();
  }
  /** Every job of the donation run again on its recorded events under the same IDs, as a second delivery would. */
  async function deliverAgain(reference: string): Promise<void> {
    for (const event of await app.services.eventStore.readStream(`donation-${reference.replace('-', '')}`)) {
      for (const job of [notifyDonorJob, renderDonationReceiptJob]) {
        if ((job.on as readonly string[]).includes(event.type)) await job.run({ id: `${event.eventId}_${job.name}`, event: event as never }, app.services);
      }
    }
  }

  it('texts a phone-only donor the reference in Hindi, then the receipt link, once each however often the jobs run; no mail', async () => {
    const { phone } = uniqueDonor('phone-only');
    const reference = await pledgeAndVerify({ donorName: 'Kamla Devi', email: undefined, phone, pan: 'ABCDE1234F', address: '12 Gandhi Nagar, Jaipur', language: 'hi' });
    const raw = reference.replace('-', '');
    const link = `${app.services.config.publicUrl}/donate/status?reference=${raw}&lang=hi`;
    expect(smsTo(phone)).toEqual([{ to: `+91${phone}`, text: `सहाय: आपके दान का संदर्भ ${reference} है। इसी से भुगतान करें और स्थिति यहाँ देखें:\n${link}`, idempotencyKey: expect.stringMatching(/_notify-donor_sms$/) }]);

    await verify(reference, phone);
    const texts = smsTo(phone).map((sms) => sms.text);
    expect(texts).toEqual([expect.stringContaining(reference), `सहाय: दान ${reference} सत्यापित हुआ। रसीद यहाँ, इसी फ़ोन नंबर से:\n${link}`]);

    await app.runJobs();
    await deliverAgain(reference);
    expect(smsTo(phone)).toHaveLength(2);
    for (const text of texts) {
      // Nothing about the donor but the reference: no name, no PAN (whole or masked), no address, no amount.
      expect(text).not.toMatch(/Kamla|ABCDE|1234F|Gandhi|Jaipur|1,250|1250|₹/);
      // In Hindi alone: apart from the reference and the link, no Latin letters.
      expect(text.replace(link, '').replace(reference, '')).not.toMatch(/[A-Za-z]/);
    }
    expect(smtp.received.filter((mail) => mail.raw.toString('latin1').includes(raw))).toEqual([]);
  });

  it('mails a donor who gave an e-mail (and a phone) the reference in both languages, and the receipt once; no SMS', async () => {
    const { email, phone } = uniqueDonor('mailed');
    const reference = await pledgeAndVerify({ donorName: 'Rohit Sharma', email, phone, pan: 'PQRSX6789K', address: '4 Lake Road, Pune' });
    const raw = reference.replace('-', '');
    const [pledged, ...rest] = mailsTo(email);
    expect(rest).toEqual([]);
    expect(pledged!.subject).toBe(`Your donation reference ${reference} — Sahay Foundation / आपके दान का संदर्भ ${reference} — सहाय फ़ाउंडेशन`);
    expect(pledged!.text).toContain(`Your reference is ${reference}.`);
    expect(pledged!.text).toContain(`आपका संदर्भ ${reference} है।`);
    expect(pledged!.text).toContain(`${app.services.config.publicUrl}/donate/status?reference=${raw}\n`);
    expect(pledged!.text).not.toMatch(/Rohit|PQRSX|6789K|Lake Road|Pune|1,250|₹/);

    await verify(reference, email);
    await app.runJobs();
    await deliverAgain(reference);
    const mails = mailsTo(email);
    // The pledge's notice and the receipt job's mail with the PDF: no second mail about the receipt.
    expect(mails).toHaveLength(2);
    expect(mails[1]!.attachments).toEqual([expect.stringMatching(/^receipt-.*\.pdf$/)]);
    expect(smsTo(phone)).toEqual([]);
  });

  it('writes the notice in English alone for a donor who pledged in English', async () => {
    const { email } = uniqueDonor('english');
    const reference = await pledgeAndVerify({ email, language: 'en' });
    const [mail] = mailsTo(email);
    expect(mail!.subject).toBe(`Your donation reference ${reference} — Sahay Foundation`);
    expect(mail!.text).not.toMatch(DEVANAGARI);
    expect(mail!.text).toContain(`/donate/status?reference=${reference.replace('-', '')}\n`);
  });

  it('tells an offline donor only of the receipt, and sends nothing new when the events are replayed', async () => {
    const { phone } = uniqueDonor('offline');
    const { reference } = await finance.donations.admin.recordOffline({ amountPaise: 500_00, cause: 'general', donorName: 'Mohan Lal', phone, mode: 'cash', receivedOn: '2031-06-01', showName: false });
    await app.runJobs();
    expect(smsTo(phone).map((sms) => sms.text)).toEqual([
      `Sahay: donation ${reference} is verified. Your receipt is here, with this phone number:\nसहाय: दान ${reference} सत्यापित हुआ। रसीद यहाँ, इसी फ़ोन नंबर से:\n${app.services.config.publicUrl}/donate/status?reference=${reference.replace('-', '')}`,
    ]);

    const sentBefore = { mails: smtp.received.length, sms: gateway.received.length };
    await replayAndCompare(app.services);
    await app.runJobs();
    expect({ mails: smtp.received.length, sms: gateway.received.length }).toEqual(sentBefore);
  });

  it('refuses a language other than en or hi, writing nothing', async () => {
    const before = await app.eventCount();
    await expect((await app.caller()).donations.create({ ...pledgeInput(), language: 'fr' as 'en' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await app.eventCount()).toBe(before);
  });
});
