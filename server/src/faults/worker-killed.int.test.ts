import crypto from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { donationStreamId, indiaDateOf } from '#server/modules/donations/donations.api';
import { QUEUE_NAME } from '#server/queue/bullmq-queue';
import { hasRun } from '#server/queue/job-effects';
import { reportFault, send, startFaultStage, waitFor, type FaultStage } from './harness.ts';
import { describeWhere, needsOwnServers } from '#server/testing/requires';

/**
 * Issue 12, faults: the worker process dies (SIGKILL) in the middle of the receipt job — the PDF
 * drawn and stored, the mail handed to the SMTP server but not yet acknowledged. BullMQ hands the
 * job to the next worker once the dead one's lock lapses (30 s); the receipt must still exist
 * once: one file, one delivered e-mail, one serial.
 */
describeWhere([needsOwnServers], 'faults: the worker killed in the middle of the receipt job', () => {
  let stage: FaultStage;
  let redis: Redis;
  let queue: Queue;
  beforeAll(async () => {
    stage = await startFaultStage();
    redis = new Redis(stage.redis.url, { maxRetriesPerRequest: null });
    queue = new Queue(QUEUE_NAME, { connection: redis });
  });
  afterAll(async () => {
    await queue?.close();
    redis?.disconnect();
    await stage?.close();
  });

  it('runs the job again on the next worker, and the receipt is drawn, numbered and mailed once', async () => {
    const server = await stage.startServer();
    const firstWorker = await stage.startWorker();
    const finance = await stage.account({ role: 'admin', permissions: ['finance'] });
    const donorEmail = `donor.${crypto.randomBytes(4).toString('hex')}@example.org`;
    const answers = [];

    const pledge = await send(server.url, 'POST', '/api/donations', { body: { amount: 1250, cause: 'education', donorName: 'Sunita Devi', email: donorEmail, showName: false } });
    answers.push(pledge);
    expect(pledge.status, pledge.text).toBe(201);
    const reference = String(pledge.body!.reference).replace('-', '');
    const utr = String(100_000_000_000 + crypto.randomInt(899_999_999_999));
    const proof = await send(server.url, 'POST', `/api/donations/${reference}/proof`, { body: { contact: donorEmail, utr } });
    answers.push(proof);
    expect(proof.status, proof.text).toBe(200);

    // The donor is told the reference on pledging (issue 32): that mail goes first, before any is held.
    await waitFor('the pledge notice to reach the donor', async () => stage.smtp.accepted.some((mail) => mail.to.includes(donorEmail)), 60_000);
    const noticesBefore = stage.smtp.accepted.filter((mail) => mail.to.includes(donorEmail)).length;
    // From here the SMTP server reads each message in full and withholds its "250 OK".
    stage.smtp.isHolding = true;
    // Today in India: the money cannot have arrived before the pledge.
    const receivedOn = indiaDateOf(new Date());
    const verify = await send(server.url, 'POST', `/api/admin/donations/${reference}/verify`, { token: finance.token, body: { receivedOn, mode: 'upi', utr } });
    answers.push(verify);
    expect(verify.status, verify.text).toBe(200);
    const serial = String(verify.body!.receiptSerial);

    const streamId = donationStreamId(reference);
    const { rows: verified } = await stage.services.db.query<{ event_id: string }>(`SELECT event_id FROM events WHERE stream_id = $1 AND type = 'DonationVerified'`, [streamId]);
    const jobId = `${verified[0]!.event_id}_render-donation-receipt`;

    await waitFor('the receipt mail to reach the SMTP server', async () => stage.smtp.held() === 1, 60_000);
    // The worker is inside the job: the file is stored and the mail is on the wire, not yet recorded as sent.
    expect(await queue.getJobState(jobId)).toBe('active');
    expect(await hasRun(stage.services.db, jobId)).toBe(false);
    await firstWorker.kill();
    const killedAt = Date.now();
    // BullMQ checks for stalled jobs at most once per 30 s across all workers (this key holds the
    // turn), and a job is taken back only at the second check that finds it without a lock. Letting
    // the new worker check at once saves up to 30 s of CI time; the lock still lapses on its own.
    await redis.del(`bull:${QUEUE_NAME}:stalled-check`);
    await waitFor('the SMTP server to see the dead worker go', async () => stage.smtp.dropped.length === 1, 10_000);
    stage.smtp.isHolding = false;

    const secondWorker = await stage.startWorker();
    // The dead worker's lock lapses within 30 s; the stalled-job check after that moves the job back to wait.
    await waitFor('the job to complete on the second worker', async () => (await queue.getJobState(jobId)) === 'completed', 120_000, 500);

    const redeliveredInMs = Date.now() - killedAt;
    // The receipt's mails: those after the pledge notice.
    const mails = stage.smtp.accepted.filter((mail) => mail.to.includes(donorEmail)).slice(noticesBefore);
    // No screenshot came with the proof, so every file stored under the donation is a receipt.
    const { rows: files } = await stage.services.db.query<{ file_id: string }>(`SELECT file_id FROM files WHERE subject_id = $1`, [streamId]);
    const { rows: events } = await stage.services.db.query<{ type: string; count: number }>(
      `SELECT type, count(*)::int AS count FROM events WHERE stream_id = $1 GROUP BY type`,
      [streamId],
    );
    const { rows: serials } = await stage.services.db.query<{ serial: string }>(
      `SELECT data->>'serial' AS serial FROM events WHERE type = 'ReceiptSerialAllocated' AND data->>'reference' = $1`,
      [reference],
    );
    const eventCounts = Object.fromEntries(events.map((row) => [row.type, row.count]));
    const expected = ['DonationPledged', 'DonationProofSubmitted', 'DonationVerified', 'ReceiptRendered'];
    const job = await queue.getJob(jobId);
    reportFault('worker-killed', {
      sent: answers.length,
      failedDuring: answers.filter((answer) => answer.status >= 500 || answer.status === 0).length,
      recoveredAfter: (await queue.getJobState(jobId)) === 'completed' ? 1 : 0,
      eventsLost: expected.filter((type) => !eventCounts[type]).length,
      effectsDoubled: Math.max(0, mails.length - 1) + Math.max(0, files.length - 1) + Math.max(0, serials.length - 1) + Math.max(0, (eventCounts.ReceiptRendered ?? 0) - 1),
      mailsDelivered: mails.length,
      mailsDropped: stage.smtp.dropped.length,
      files: files.length,
      serials: serials.length,
      jobAttempts: job?.attemptsStarted ?? 0,
      completedAfterKillMs: redeliveredInMs,
    });

    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(serial);
    // The second run's mail carries the first one's Message-ID: a mail system that did keep the first can drop the second.
    expect(mails[0]!.messageId).toBeTruthy();
    expect(mails[0]!.messageId).toBe(stage.smtp.dropped[0]!.messageId);
    expect(files).toHaveLength(1);
    expect(serials.map((row) => row.serial)).toEqual([serial]);
    expect(eventCounts).toEqual({ DonationPledged: 1, DonationProofSubmitted: 1, DonationVerified: 1, ReceiptRendered: 1 });
    expect(await hasRun(stage.services.db, jobId)).toBe(true);
    // The job ran twice: it is the second run that finished it.
    expect(job?.attemptsStarted).toBeGreaterThanOrEqual(2);

    // The receipt the donor downloads is the one stored file.
    const download = await fetch(`${server.url}/api/admin/donations/${reference}/receipt.pdf`, { headers: { Authorization: `Bearer ${finance.token}` } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    await secondWorker.stop();
  }, 240_000);
});
