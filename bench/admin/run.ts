/**
 * Admin console benchmark (issue 15). Every admin's dashboard counts its queues every 10 s, and an
 * auditor's page folds a record as of a moment. On real PostgreSQL this measures:
 *   - admin.getQueues for a super-admin (all eight queues) over BENCH_DONATIONS (default 200,000)
 *     donations, a tenth of them waiting for verification, 50,000 contact messages and 20,000 help
 *     requests (rows straight into the read models, as a busy year leaves them);
 *   - admin.getCharts (donations received per month, Kanyadan applications per week by state, help
 *     requests by state, money paid out per month) over the same rows, the verified donations all
 *     in the charts' 12 months (the worst case: every one of them summed), plus 20,000 Kanyadan
 *     applications over a year and 5,000 help withdrawals paid;
 *   - a donation's audit history (events, actors, causes, and its state rebuilt) now and as of a
 *     moment, with the events table holding the seeded activity.
 * Prints p50/p99. Figures only: nothing here passes or fails.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:admin
 */
import crypto from 'node:crypto';
import os from 'node:os';
import pino from 'pino';
import { loadConfig } from '#server/config';
import { migrate } from '#server/db/migrate';
import { connectPostgres } from '#server/db/postgres';
import { auditHistoryOf, getCharts, listQueues } from '#server/modules/admin/admin.api';
import { sumDonationsReceivedByMonth } from '#server/modules/donations/donations.api';
import { PERMISSIONS } from '#server/modules/identity/identity.api';
import { createServices } from '#server/create-services';
import { createBenchDatabase, dropBenchDatabase, timeRuns } from '../kanyadan/shared.ts';
import { seedAuditedDonation } from './seed.ts';

const time = (label: string, samples: number, run: (index: number) => unknown) => timeRuns(label, samples, run);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 200_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);


async function main(): Promise<void> {
  const { name, url, version } = await createBenchDatabase(ADMIN_URL, 'admin');
  const db = connectPostgres(url.toString(), { poolSize: 10, applicationName: 'sahay-bench' });
  try {
    await migrate(db);
    const config = loadConfig({ NODE_ENV: 'production', SAHAY_MASTER_KEY: crypto.randomBytes(32).toString('base64'), SAHAY_DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent' });
    const services = await createServices({ config, log: pino({ level: 'silent' }), owner: 'bench', db, runsJobs: false });
    console.log(`Admin console benchmark, PostgreSQL ${version}, Node ${process.version}, ${os.cpus().length} cores`);

    // One donation through the commands, for the audit history: pledged, proof sent, verified.
    const { reference: ref, verifiedAt } = await seedAuditedDonation(services);

    // A busy year's read models, straight into the tables.
    await db.query(
      `INSERT INTO donations (reference, status, amount_paise, cause, has_pan, show_name, channel, pledged_at, proof_at, received_on, verified_at, updated_at)
       SELECT 'B' || translate(lpad(upper(to_hex(i)), 7, '0'), '01', 'XY'), CASE WHEN i % 10 = 0 THEN 'proof_received' WHEN i % 10 < 7 THEN 'verified' ELSE 'abandoned' END,
              100000 + i, 'general', false, false, 'online', now() - make_interval(mins => i), now() - make_interval(mins => i),
              CASE WHEN i % 10 BETWEEN 1 AND 6 THEN ((now() - make_interval(mins => i)) AT TIME ZONE 'Asia/Kolkata')::date END,
              CASE WHEN i % 10 BETWEEN 1 AND 6 THEN now() - make_interval(mins => i) END, now()
         FROM generate_series(1, $1::int) AS i`,
      [DONATIONS],
    );
    await db.query(
      `INSERT INTO contact_messages (message_id, name, message, received_at, handled_at)
       SELECT gen_random_uuid(), 'Visitor ' || i, 'A question', now() - make_interval(mins => i), CASE WHEN i % 20 = 0 THEN NULL ELSE now() END
         FROM generate_series(1, 50000) AS i`,
    );
    await db.query(
      `INSERT INTO help_requests (id, status, category, title_en, story_en, amount_needed_paise, requester_id, requested_at, updated_at)
       SELECT 'Q' || lpad(i::text, 7, '0'), CASE WHEN i % 10 = 0 THEN 'submitted' WHEN i % 10 = 1 THEN 'information_requested' ELSE 'published' END,
              'medical', 'Request ' || i, 'A story', 5000000, 'SH1' || lpad(i::text, 6, '0'), now() - make_interval(hours => i), now()
         FROM generate_series(1, 20000) AS i`,
    );
    // The charts' other series: a year of Kanyadan applications (a few states bring most), a tenth of
    // them with the benefit paid, and help withdrawals paid over the year.
    await db.query(
      `INSERT INTO kanyadan_applications (reg_no, status, state, district, district_key, age_years, benefit_paise, disbursed_on, submitted_at, updated_at)
       SELECT 'BENCH' || lpad(i::text, 7, '0'), CASE WHEN i % 10 = 0 THEN 'disbursed' WHEN i % 10 < 4 THEN 'submitted' ELSE 'verified' END,
              (ARRAY['rajasthan', 'rajasthan', 'rajasthan', 'uttar-pradesh', 'uttar-pradesh', 'bihar', 'madhya-pradesh', 'gujarat', 'kerala', 'assam'])[1 + (i / 7) % 10],
              'District', 'district', 8, CASE WHEN i % 10 = 0 THEN 2100000 END,
              CASE WHEN i % 10 = 0 THEN ((now() - make_interval(mins => i * 26)) AT TIME ZONE 'Asia/Kolkata')::date END,
              now() - make_interval(mins => i * 26), now()
         FROM generate_series(1, 20000) AS i`,
    );
    await db.query(
      `INSERT INTO help_disbursements (disbursement_id, request_id, amount_paise, admin_charge_paise, net_paise, status, requested_by, requested_at, paid_on, updated_at)
       SELECT gen_random_uuid(), 'Q' || lpad((1 + i % 20000)::text, 7, '0'), 500000, 25000, 475000, 'paid', 'SH1000001', now() - make_interval(mins => i * 100),
              ((now() - make_interval(mins => i * 100)) AT TIME ZONE 'Asia/Kolkata')::date, now()
         FROM generate_series(1, 5000) AS i`,
    );
    await db.query('VACUUM ANALYZE donations, contact_messages, help_requests, kanyadan_applications, help_disbursements');
    const { rows } = await db.query<{ events: number }>('SELECT count(*)::int AS events FROM events');

    const superAdmin = { role: 'admin' as const, permissions: [...PERMISSIONS] };
    const queues = await listQueues(services, superAdmin);
    console.log(`queues: ${queues.queues.map((queue) => `${queue.id} ${queue.count}`).join(', ')}`);
    await time(`getQueues, all 8 queues, ${DONATIONS.toLocaleString('en-IN')} donations`, SAMPLES, () => listQueues(services, superAdmin));
    await time(`getQueues, finance's 4 queues`, SAMPLES, () => listQueues(services, { role: 'admin', permissions: ['finance'] }));
    const charts = await getCharts(services);
    const receivedInWindow = charts.donationsByMonth.reduce((sum, month) => sum + month.count, 0);
    console.log(
      `charts: ${receivedInWindow} verified donations in 12 months, ${charts.kanyadanByWeek.weeks.reduce((sum, week) => sum + week.total, 0)} applications in 12 weeks (${charts.kanyadanByWeek.states.join(', ')}), ` +
        `${charts.disbursementsByMonth.reduce((sum, month) => sum + month.kanyadanCount + month.helpCount, 0)} payments out in 12 months`,
    );
    await time(`getCharts, all four charts, ${DONATIONS.toLocaleString('en-IN')} donations`, SAMPLES, () => getCharts(services));
    // Its heaviest series alone: every verified donation of the 12 months, from the index.
    const months = charts.donationsByMonth.map((month) => month.month);
    const nextMonth = new Date(Date.UTC(Number(months.at(-1)!.slice(0, 4)), Number(months.at(-1)!.slice(5, 7)), 1)).toISOString().slice(0, 10);
    await time('  donations received per month (12 months)', SAMPLES, () => sumDonationsReceivedByMonth(db, { from: `${months[0]!}-01`, to: nextMonth }));
    await time(`audit history of a donation now (${rows[0]!.events} events in the store)`, SAMPLES, () => auditHistoryOf(services, `donation-${ref}`, undefined, { showPayout: true }));
    await time('audit history of a donation as of a moment', SAMPLES, () => auditHistoryOf(services, `donation-${ref}`, verifiedAt, { showPayout: true }));
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
