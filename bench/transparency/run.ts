/**
 * /transparency benchmark (issue 13: "renders in ≤ 50 ms on the server with 100,000 verified
 * donations"). On real PostgreSQL it fills the page's read model (site_transparency_*) with
 * BENCH_GIFTS verified donations (default 100,000) over 3 years, a third of them with a consented
 * name, straight into the tables, then times through the app's own functions and the built web
 * renderer (web/dist, `npm run build` first):
 *   - the read: getTransparency (months, causes, one page of gifts) for the first page and for pages
 *     spread over the whole list (deep pages pay for their OFFSET);
 *   - the render: the page's HTML from that data (the build's server renderer);
 *   - a whole request through Express with nothing cached (a fresh page number each time):
 *     read + render + Brotli, as a visitor's first request after a change costs.
 * Prints p50/p99. Figures only: nothing here passes or fails.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:transparency
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { migrate } from '#server/db/migrate';
import { connectPostgres } from '#server/db/postgres';
import { getPublicSiteData, getTransparency, type PublicSiteData, type TTransparency } from '#server/modules/transparency/transparency.api';
import { createServices } from '#server/create-services';
import { createBenchDatabase, dropBenchDatabase, timeRuns } from '../kanyadan/shared.ts';

const time = (label: string, samples: number, run: (index: number) => unknown) => timeRuns(label, samples, run, { warmup: 20, labelWidth: 64 });
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GIFTS = Number(process.env.BENCH_GIFTS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const DIST = path.resolve('web/dist');
const TODAY = '2026-11-20';

interface Renderer {
  render(request: { path: string; search: string; data: PublicSiteData; transparency?: TTransparency }): { html: string };
}


async function main(): Promise<void> {
  const entry = path.join(DIST, 'server', 'entry-server.js');
  if (!fs.existsSync(entry)) throw new Error('bench:transparency needs the web build: run `npm run build` first');
  const { name, url, version } = await createBenchDatabase(ADMIN_URL, 'transparency');
  const db = connectPostgres(url.toString(), { poolSize: 10, applicationName: 'sahay-bench' });
  try {
    await migrate(db);
    console.log(`Transparency benchmark, ${GIFTS.toLocaleString('en-IN')} verified donations, PostgreSQL ${version}, Node ${process.version}, ${os.cpus().length} cores`);
    // Gifts spread over the 3 years before TODAY; every third donor agreed to show a name.
    await db.query(
      `INSERT INTO site_transparency_gifts (reference, received_on, amount_paise, cause, verified_at)
       SELECT 'R' || lpad(i::text, 7, '0'), DATE '${TODAY}' - (i % 1095), 10000 + (i * 7919) % 5000000,
              (ARRAY['general','kanyadan','medical','education','accident','environment'])[1 + i % 6], TIMESTAMPTZ '${TODAY}T06:00:00Z' - make_interval(days => i % 1095)
         FROM generate_series(1, $1::int) AS i`,
      [GIFTS],
    );
    await db.query(
      `INSERT INTO site_transparency_names (reference, name)
       SELECT reference, 'दाता ' || substr(reference, 5) FROM site_transparency_gifts WHERE ('x' || substr(md5(reference), 1, 8))::bit(32)::int % 3 = 0`,
    );
    await db.query(
      `INSERT INTO site_transparency_months (month, cause, received_paise, gifts)
       SELECT to_char(received_on, 'YYYY-MM'), cause, sum(amount_paise), count(*) FROM site_transparency_gifts GROUP BY 1, 2`,
    );
    // As autovacuum leaves a table that has settled: its visibility map lets the index answer alone.
    await db.query('VACUUM ANALYZE');

    const pages = Math.ceil(GIFTS / 20);
    await time('read: first page', SAMPLES, () => getTransparency(db, { today: TODAY, page: 1 }));
    await time(`read: pages spread over all ${pages.toLocaleString('en-IN')}`, SAMPLES, (index) => getTransparency(db, { today: TODAY, page: 1 + ((index * 7919) % pages) }));

    const config = loadConfig({ NODE_ENV: 'production', SAHAY_MASTER_KEY: crypto.randomBytes(32).toString('base64'), SAHAY_DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent' });
    const services = await createServices({ config, log: pino({ level: 'silent' }), owner: 'bench', db, runsJobs: false });
    const { createRenderer } = (await import(pathToFileURL(entry).href)) as { createRenderer: (options: { template: string; manifest: unknown; publicUrl: string }) => Promise<Renderer> };
    const renderer = await createRenderer({
      template: fs.readFileSync(path.join(DIST, 'server', 'template.html'), 'utf8'),
      manifest: JSON.parse(fs.readFileSync(path.join(DIST, 'server', 'build-manifest.json'), 'utf8')),
      publicUrl: 'https://sahay.example',
    });
    const data = await getPublicSiteData(services);
    const firstPage = await getTransparency(db, { today: TODAY, page: 1 });
    await time('render: the page from its data (en)', SAMPLES, () => renderer.render({ path: '/transparency', search: '', data, transparency: firstPage }));
    await time('render: the page from its data (hi)', SAMPLES, () => renderer.render({ path: '/transparency', search: 'lang=hi', data, transparency: firstPage }));

    const app = createApp(services, { webDistDir: DIST });
    const http = request(app);
    await time('request: read + render + Brotli, nothing cached (first pages)', SAMPLES, (index) =>
      http.get(`/transparency?page=${1 + (index % 50)}&n=${index}`).set('Accept-Encoding', 'br'),
    );
    await time('request: read + render + Brotli, nothing cached (any page)', SAMPLES, (index) =>
      http.get(`/transparency?page=${1 + ((index * 7919) % pages)}&n=${index}`).set('Accept-Encoding', 'br'),
    );
    await time('request: the same page again (kept rendered)', SAMPLES, () => http.get('/transparency').set('Accept-Encoding', 'br'));
    await time('GET /api/transparency (JSON), a fresh page each time', SAMPLES, (index) => http.get(`/api/transparency?page=${1 + ((index * 104_729) % pages)}`));
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
