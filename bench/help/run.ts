/**
 * Help benchmark (issue 14). Every decision on a help request folds the request's whole stream —
 * its life, the money held for it and its direct gifts — so a popular request makes each later
 * decision read more. On real PostgreSQL this measures, through the module's own command functions:
 *   - a gift confirmed and a withdrawal asked for on a request whose stream already holds 0, 500 and
 *     BENCH_GIFTS (default 1,000; seeding is quadratic, as every gift's decision folds the stream before it) direct gifts and as many earmarked donations;
 *   - the public list (first and deep pages) and a request's page read, with BENCH_REQUESTS
 *     (default 5,000) published requests in the read model.
 * Prints p50/p99. Figures only: nothing here passes or fails.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:help
 */
import crypto from 'node:crypto';
import os from 'node:os';
import pino from 'pino';
import { loadConfig } from '#server/config';
import { migrate } from '#server/db/migrate';
import { connectPostgres } from '#server/db/postgres';
import type { RequestMeta } from '#server/lib/request-meta';
import { createServices } from '#server/create-services';
import type { Services } from '#server/services';
import {
  applyDonationToRequest,
  checkIdentity,
  confirmGift,
  getPublicRequest,
  helpStreamId,
  listPublicRequests,
  publishRequest,
  requestDisbursement,
  requestHelp,
  submitGift,
} from '#server/modules/help/help.api';
import { ZHelpRequestFieldsSchema } from '#server/modules/help/help.schema';
import { plainImage } from '#server/uploads/test-files.test-helper';
import { createBenchDatabase, dropBenchDatabase, timeRuns } from '../kanyadan/shared.ts';

const time = (label: string, samples: number, run: (index: number) => unknown) => timeRuns(label, samples, run);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GIFTS = Number(process.env.BENCH_GIFTS ?? 1_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const REQUESTER = 'SH1000001';
const meta = (actor: string): RequestMeta => ({ actor, correlationId: crypto.randomUUID(), ip: null });


/** A published request of REQUESTER's, through the module's commands, with one small document. */
async function publishedRequest(services: Services, image: Buffer): Promise<string> {
  const fields = ZHelpRequestFieldsSchema.parse({
    category: 'medical',
    titleEn: 'Surgery for my father',
    storyEn: 'He needs a valve replacement at the district hospital; the operation is beyond what we can pay.',
    amountNeeded: '5000000',
    beneficiaryName: 'Ramesh Kumar',
    relation: 'parent',
    upiId: 'ramesh@okbank',
    document1Kind: 'other',
  });
  const { id } = await requestHelp(services, { fields, files: { document1: { bytes: image, mediaType: 'image/png' } }, submissionKey: null }, meta(REQUESTER));
  await checkIdentity(services, { id, idKind: 'aadhaar', isMatched: true }, meta('SH9000001'));
  await publishRequest(services, { id }, meta('SH9000001'));
  return id;
}

/** `count` more direct gifts (each from its own giver, with a screenshot) and earmarked donations on the request's stream. */
async function grow(services: Services, requestId: string, image: Buffer, from: number, count: number): Promise<string[]> {
  const giftIds: string[] = [];
  for (let index = from; index < from + count; index++) {
    const { giftId } = await submitGift(services, { requestId, amountPaise: 500_00, utr: String(100_000_000_000 + index), screenshot: { bytes: image, mediaType: 'image/png' } }, meta(`SH2${String(index).padStart(6, '0')}`));
    giftIds.push(giftId);
    await applyDonationToRequest(services, { requestId, reference: `R${String(index).padStart(7, '0')}`, amountPaise: 1_000_00, isCancellation: false }, meta('bench'));
  }
  return giftIds;
}

async function main(): Promise<void> {
  const { name, url, version } = await createBenchDatabase(ADMIN_URL, 'help');
  const db = connectPostgres(url.toString(), { poolSize: 10, applicationName: 'sahay-bench' });
  try {
    await migrate(db);
    const config = loadConfig({ NODE_ENV: 'production', SAHAY_MASTER_KEY: crypto.randomBytes(32).toString('base64'), SAHAY_DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent' });
    const services = await createServices({ config, log: pino({ level: 'silent' }), owner: 'bench', db, runsJobs: false });
    console.log(`Help benchmark, PostgreSQL ${version}, Node ${process.version}, ${os.cpus().length} cores`);

    const image = await plainImage('png', 64, 64);
    const requestId = await publishedRequest(services, image);
    let size = 0;
    for (const target of [...new Set([0, Math.min(500, GIFTS), GIFTS])]) {
      const pending = await grow(services, requestId, image, size, target - size + SAMPLES + 10);
      size = target + SAMPLES + 10;
      const events = (await services.eventStore.readStream(helpStreamId(requestId))).length;
      await time(`confirm a direct gift, stream of ${events.toLocaleString('en-IN')} events`, SAMPLES, (index) => confirmGift(services, { giftId: pending[index]! }, meta(REQUESTER)));
      await time(`ask for a ₹1 withdrawal, stream of ${events.toLocaleString('en-IN')} events`, SAMPLES, () =>
        requestDisbursement(services, { id: requestId, disbursementId: crypto.randomUUID(), amountPaise: 100, contactNumber: '98765 43210' }, meta(REQUESTER)),
      );
    }

    // The public reads over a large read model: rows straight into the table, as many as a busy year brings.
    await db.query(
      `INSERT INTO help_requests (id, status, category, title_en, story_en, amount_needed_paise, raised_foundation_paise, requester_id, requested_at, published_at, closes_on, updated_at)
       SELECT 'P' || lpad(i::text, 7, '0'), CASE WHEN i % 5 = 0 THEN 'closed' ELSE 'published' END,
              (ARRAY['medical','education','accident','marriage','livelihood','other'])[1 + i % 6], 'Request ' || i, 'A story of need, number ' || i,
              50000000 + i, i * 100, 'SH1' || lpad(i::text, 6, '0'), now() - make_interval(days => i % 365), now() - make_interval(days => i % 365), current_date + 30, now()
         FROM generate_series(1, $1::int) AS i`,
      [REQUESTS],
    );
    await db.query('VACUUM ANALYZE help_requests');
    const pages = Math.ceil(REQUESTS / 12);
    await time(`list: first page of ${REQUESTS.toLocaleString('en-IN')} published requests`, SAMPLES, () => listPublicRequests(services, { page: 1 }));
    await time('list: one category (?cause=medical), first page', SAMPLES, () => listPublicRequests(services, { cause: 'medical', page: 1 }));
    await time(`list: pages spread over all ${pages.toLocaleString('en-IN')}`, SAMPLES, (index) => listPublicRequests(services, { page: 1 + ((index * 7919) % pages) }));
    await time('page: one request', SAMPLES, (index) => getPublicRequest(services, `P${String(1 + ((index * 104_729) % REQUESTS)).padStart(7, '0')}`));
    await services.close();
  } finally {
    await db.close().catch(() => undefined);
    await dropBenchDatabase(ADMIN_URL, name);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
