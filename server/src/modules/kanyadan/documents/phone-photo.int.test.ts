/**
 * Issue 29, "one phone-camera photo takes the whole site down": a server process with the heap of
 * `npm run serve` (192 MB) on the embedded database receives Kanyadan applications carrying ordinary
 * phone photos, and must answer, process their documents and stay far from its heap limit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '#server/db/pglite';
import { startServerProcess, type ServerProcess } from '#server/testing/server-process';
import { phonePhoto } from '#server/uploads/phone-photo.test-helper';
import { simplePdf } from '#server/uploads/test-files.test-helper';
import { applicationFields } from '../kanyadan.test-helper.ts';

const HEAP_MB = 192;
/** Lets the test read the server's /metrics on its main port. */
const METRICS_TOKEN = 'phone-photo-test-metrics-token-0123456789abcdef';

interface Peaks {
  rss: number;
  heapUsed: number;
  heapLimit: number;
}

function startServer(dataDir: string, probeFile: string): ServerProcess {
  return startServerProcess(
    { PORT: '0', HOST: '127.0.0.1', SAHAY_DATA_DIR: dataDir, SAHAY_MEMORY_PROBE: probeFile, MALLOC_ARENA_MAX: '2', METRICS_TOKEN },
    [process.execPath, `--max-semi-space-size=16`, `--max-old-space-size=${HEAP_MB}`, '--import', './bench/uploads/memory-probe.mjs', '--import', 'tsx', 'server/src/main.ts'],
  );
}

async function submit(url: string, documents: Record<string, { bytes: Buffer; name: string; type: string }>): Promise<{ status: number; body: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(applicationFields())) form.append(name, value);
  for (const [field, file] of Object.entries(documents)) form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${url}/api/kanyadan/applications`, { method: 'POST', body: form, signal: AbortSignal.timeout(180_000) });
  return { status: response.status, body: await response.text() };
}

describe('a server at the heap of npm run serve, on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-photo-'));
  const probeFile = path.join(dataDir, 'memory.json');
  let server: ReturnType<typeof startServer> | null = null;
  afterAll(() => {
    server?.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes an application with a 12-MP 3.6 MB phone photo and one with four 13-MP 5 MB photos at once, processes all eight documents, and stays under half its heap', async () => {
    const photo12 = await phonePhoto({ width: 4000, height: 3000, noise: 8, seed: 12 });
    const photo13 = await phonePhoto({ width: 4160, height: 3120, noise: 12, seed: 13 });
    expect(photo12.bytes.length).toBeGreaterThan(3_400_000);
    expect(photo13.bytes.length).toBeGreaterThan(4_900_000);
    expect(photo13.bytes.length).toBeLessThan(5 * 1024 * 1024);
    const small = await phonePhoto({ width: 800, height: 600, seed: 3 });
    const pdf = await simplePdf(1, 'Birth certificate');

    server = startServer(dataDir, probeFile);
    const url = await server.url;
    const died = server.exit.then((code) => ({ status: -1, body: `the server died (exit ${code}):\n${server!.output().slice(-3000)}` }));
    const jpeg = (bytes: Buffer, name: string) => ({ bytes, name, type: 'image/jpeg' });
    const answers = await Promise.all([
      Promise.race([
        submit(url, { girlAadhaar: jpeg(small.bytes, 'a.jpg'), fatherAadhaar: jpeg(small.bytes, 'b.jpg'), birthCertificate: { bytes: pdf, name: 'b.pdf', type: 'application/pdf' }, photo: jpeg(photo12.bytes, 'IMG_0001.jpg') }),
        died,
      ]),
      Promise.race([
        submit(url, { girlAadhaar: jpeg(photo13.bytes, '1.jpg'), fatherAadhaar: jpeg(photo13.bytes, '2.jpg'), birthCertificate: jpeg(photo13.bytes, '3.jpg'), photo: jpeg(photo13.bytes, '4.jpg') }),
        died,
      ]),
    ]);
    for (const answer of answers) expect(answer.status, answer.body).toBe(201);
    const regNos = answers.map((answer) => (JSON.parse(answer.body) as { regNo: string }).regNo);

    // The document job runs in this process: wait until the server's own metrics count both
    // applications' jobs done (a job that fails is never counted done), then a clean stop.
    const documentJobsDone = async () => {
      const scrape = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(scrape.status).toBe(200);
      const line = (await scrape.text()).split('\n').find((text) => text.startsWith('sahay_jobs_total{') && text.includes('handler="process-kanyadan-documents"') && text.includes('outcome="completed"'));
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    // Asked twice a second, not eventually()'s 50 times: the scrape must not add to the work measured.
    const deadline = Date.now() + 120_000;
    while ((await documentJobsDone()) < 2) {
      expect(Date.now(), 'both applications\' document jobs to complete within 120 s').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(await documentJobsDone()).toBe(2);
    expect(server.child.exitCode, server.output().slice(-3000)).toBeNull();
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);

    const peaks = JSON.parse(fs.readFileSync(probeFile, 'utf8')) as Peaks;
    expect(peaks.heapLimit).toBeLessThan((HEAP_MB + 64) * 1024 * 1024);
    expect(peaks.heapUsed, `peak heap ${Math.round(peaks.heapUsed / 2 ** 20)} MiB of ${Math.round(peaks.heapLimit / 2 ** 20)} MiB`).toBeLessThan(peaks.heapLimit / 2);

    const db = await openPglite(path.join(dataDir, 'db'));
    try {
      const { rows } = await db.query<{ reg_no: string; documents_ready: number }>(`SELECT reg_no, documents_ready FROM kanyadan_applications WHERE reg_no = ANY($1::text[]) ORDER BY reg_no`, [regNos]);
      expect(rows.map((row) => row.documents_ready)).toEqual([4, 4]);
    } finally {
      await db.close();
    }
  }, 300_000);
});
