import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '#server/lib/mailer';
import { openEveryDocument } from '#server/testing/open-every-document';
import { startTestSmsGateway, type TestSmsGateway } from '#server/testing/sms-gateway';
import { startTestSmtpServer, type TestSmtpServer } from '#server/testing/smtp-server';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { kanyadanStreamId } from '../kanyadan.events.ts';
import { submittedApplication } from '../kanyadan.test-helper.ts';
import { notifyKanyadanDecisionJob } from './notify-decision.job.ts';
import { notifyKanyadanFamilyJob } from './notify-family.job.ts';

/**
 * Issue 32, item 6 (decision 062): a family is told its registration number on submission and at
 * each change of state — by SMS when it gave only a phone, by e-mail when it gave one — once per
 * event, with the number, the state and a link, and nothing about the girl.
 */
describe.each(testDbKinds())('a Kanyadan family is told each step, once, on %s', (kind) => {
  let app: TestApp;
  let smtp: TestSmtpServer;
  let gateway: TestSmsGateway;
  let verification: AppCaller;

  beforeAll(async () => {
    [smtp, gateway] = await Promise.all([startTestSmtpServer(), startTestSmsGateway()]);
    app = await createTestApp(kind, { sms: gateway.sender, now: () => new Date('2031-07-01T06:00:00.000Z') });
    app.services.mailer = createSmtpMailer(smtp.url, 'no-reply@sahay.local', pino({ level: 'silent' }));
    verification = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['verification'] })).token });
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([smtp?.close(), gateway?.close()]);
  });

  const smsTo = (phone: string) => gateway.received.filter((sms) => sms.to === `+91${phone}`).map((sms) => sms.text);
  const mailsAbout = (regNo: string) => smtp.received.filter((mail) => mail.raw.toString('latin1').includes(regNo));
  async function deliverAgain(regNo: string): Promise<void> {
    for (const event of await app.services.eventStore.readStream(kanyadanStreamId(regNo))) {
      for (const job of [notifyKanyadanFamilyJob, notifyKanyadanDecisionJob]) {
        if ((job.on as readonly string[]).includes(event.type)) await job.run({ id: `${event.eventId}_${job.name}`, event: event as never }, app.services);
      }
    }
  }

  it('texts a phone-only family the number on submission and on verification, once each, in both languages, naming nobody', async () => {
    const { regNo, phone, fields } = await submittedApplication(app, { girlName: 'Asha Kumari', aadhaar: undefined });
    const link = `${app.services.config.publicUrl}/kanyadanRegistration?step=status&regNo=${regNo}`;
    expect(smsTo(phone)).toEqual([
      `Sahay Kanyadan ${regNo}: received, to be checked. Status:\nसहाय कन्यादान ${regNo}: मिल गया, जाँच होगी। स्थिति:\n${link}`,
    ]);
    await openEveryDocument(app, verification, regNo);
    await verification.kanyadan.admin.verify({ regNo });
    await app.runJobs();
    await app.runJobs();
    await deliverAgain(regNo);
    const texts = smsTo(phone);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe(`Sahay Kanyadan ${regNo}: verified. Status:\nसहाय कन्यादान ${regNo}: सत्यापित हो गया है। स्थिति:\n${link}`);
    for (const text of texts) {
      for (const personal of [fields.girlName!, fields.fatherName!, fields.motherName!, fields.district!, fields.schoolName!, phone]) expect(text).not.toContain(personal);
    }
    expect(mailsAbout(regNo)).toEqual([]);
  });

  it('tells a phone-only family that it was not accepted, pointing to the reason on the status page', async () => {
    const { regNo, phone } = await submittedApplication(app);
    await verification.kanyadan.admin.reject({ regNo, reason: 'documents-unclear', note: 'The photo of Asha’s birth certificate is blurred.' });
    await app.runJobs();
    const texts = smsTo(phone);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain(`Sahay Kanyadan ${regNo}: not accepted, see why. Status:`);
    // The staff's note may name the girl: it stays behind the phone-checked status page.
    expect(texts[1]).not.toContain('Asha');
  });

  it('mails a family that gave an e-mail the number on submission, and the decision once (from the decision mail); no SMS', async () => {
    const { regNo, phone } = await submittedApplication(app, { email: 'family.notified@example.org' });
    expect(mailsAbout(regNo)).toHaveLength(1);
    await verification.kanyadan.admin.reject({ regNo, reason: 'documents-unclear' });
    await app.runJobs();
    await deliverAgain(regNo);
    const mails = mailsAbout(regNo);
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => mail.to)).toEqual([['family.notified@example.org'], ['family.notified@example.org']]);
    expect(smsTo(phone)).toEqual([]);
  });
});
