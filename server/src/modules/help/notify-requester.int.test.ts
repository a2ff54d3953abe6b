import crypto from 'node:crypto';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '#server/lib/mailer';
import { parseMime } from '#server/testing/mime';
import { startTestSmsGateway, type TestSmsGateway } from '#server/testing/sms-gateway';
import { startTestSmtpServer, type TestSmtpServer } from '#server/testing/smtp-server';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { photoWithExif } from '#server/uploads/test-files.test-helper';
import { helpStreamId } from './help.events.ts';
import { publishedHelpRequest } from './help.test-helper.ts';
import { notifyHelpRequesterJob } from './notify-requester.job.ts';

const TODAY = '2031-07-01';
const RECENT = '2031-06-10';

/**
 * Issue 32, item 6 (decision 062): the person who asked for help is told when the request is
 * published and when a direct gift waits for their confirmation — with a link, never the giver's
 * name or the amount — once per event, by e-mail to the account's address.
 */
describe.each(testDbKinds())('a help requester is told each step, once, on %s', (kind) => {
  let app: TestApp;
  let smtp: TestSmtpServer;
  let gateway: TestSmsGateway;
  let verifier: AppCaller;

  beforeAll(async () => {
    [smtp, gateway] = await Promise.all([startTestSmtpServer(), startTestSmsGateway()]);
    app = await createTestApp(kind, { sms: gateway.sender, now: () => new Date(`${TODAY}T06:00:00.000Z`) });
    app.services.mailer = createSmtpMailer(smtp.url, 'no-reply@sahay.local', pino({ level: 'silent' }));
    verifier = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['verification'] })).token });
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([smtp?.close(), gateway?.close()]);
  });

  const textsTo = (email: string) =>
    smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => {
      const root = parseMime(mail.raw);
      const plain = root.parts.length === 0 ? root : root.parts.find((part) => part.type === 'text/plain');
      return plain?.body.toString('utf8') ?? '';
    });

  it('mails the publication and a gift to confirm, once each, with links and without the giver or the amount; no SMS', async () => {
    const requester = await app.account({ phone: '7012300001' });
    const giver = await app.account({ fullName: 'Meera Joshi' });
    const id = await publishedHelpRequest(app, requester.token, verifier, RECENT);
    await app.runJobs();
    const published = textsTo(requester.email);
    expect(published).toHaveLength(1);
    expect(published[0]).toContain(`Your help request was verified and is now public.`);
    expect(published[0]).toContain(`${app.services.config.publicUrl}/help/${id}\n`);

    const res = await request(app.http())
      .post(`/api/help/${id}/gifts`)
      .set({ Authorization: `Bearer ${giver.token}` })
      .field('amount', '1500')
      .field('utr', String(500_000_000_000 + process.pid))
      .attach('screenshot', await photoWithExif(400, 800), { filename: 'paid.jpg', contentType: 'image/jpeg' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await app.runJobs();
    await app.runJobs();
    for (const event of await app.services.eventStore.readStream(helpStreamId(id))) {
      if ((notifyHelpRequesterJob.on as readonly string[]).includes(event.type)) {
        await notifyHelpRequesterJob.run({ id: `${event.eventId}_${notifyHelpRequesterJob.name}`, event: event as never }, app.services);
      }
    }
    const texts = textsTo(requester.email);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('Someone says they gave directly to your help request. Confirm it if the money arrived');
    expect(texts[1]).toContain(`${app.services.config.publicUrl}/my-help/${id}\n`);
    expect(texts[1]).not.toMatch(/Meera|1,500|1500|₹/);
    expect(gateway.received.filter((sms) => sms.to === '+917012300001')).toEqual([]);
  });

  it('mails each payout once with its UTR and a link, not the amount, however often the job runs', async () => {
    const requester = await app.account({ phone: '7012300002' });
    const id = await publishedHelpRequest(app, requester.token, verifier, RECENT);
    // A gift through the foundation, verified by finance, then a withdrawal asked, approved and paid.
    const visitor = await app.caller();
    const email = `donor.${process.pid}.payout@example.org`;
    const { reference } = await visitor.donations.create({ amountPaise: 2_000_00, cause: 'general', donorName: 'Sunita Devi', email, showName: false, helpRequestId: id });
    await visitor.donations.submitProof({ reference, contact: email, utr: String(510_000_000_000 + process.pid) });
    const finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    await finance.donations.admin.verify({ reference, receivedOn: TODAY, mode: 'upi' });
    await app.runJobs();
    const disbursementId = crypto.randomUUID();
    await (await app.caller({ token: requester.token })).help.disbursements.request({ id, disbursementId, amountPaise: 1_234_00, contactNumber: '98765 43210' });
    await finance.help.admin.disbursements.approve({ disbursementId });
    const utr = String(520_000_000_000 + process.pid);
    await finance.help.admin.disbursements.markPaid({ disbursementId, utr, paidOn: TODAY });
    await app.runJobs();
    await app.runJobs();
    for (const event of await app.services.eventStore.readStream(helpStreamId(id))) {
      if (event.type === 'DisbursementPaid') await notifyHelpRequesterJob.run({ id: `${event.eventId}_${notifyHelpRequesterJob.name}`, event: event as never }, app.services);
    }
    const payouts = textsTo(requester.email).filter((text) => text.includes('paid your withdrawal'));
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toContain(`The bank reference (UTR) is ${utr}.`);
    expect(payouts[0]).toContain(`${app.services.config.publicUrl}/my-help/${id}\n`);
    expect(payouts[0]).not.toMatch(/1,234|1234|₹/);
    expect(gateway.received.filter((sms) => sms.to === '+917012300002')).toEqual([]);
  });
});
