import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleWorker, WORKER_BUNDLE } from './bundle.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Inside the repository, so that the bundle finds node_modules as worker/dist/main.mjs does.
const outDir = path.join(path.dirname(WORKER_BUNDLE), `test-${crypto.randomBytes(6).toString('hex')}`);

function runNode(file: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--enable-source-maps', file], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), SAHAY_ENV_FILE: '/dev/null', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the worker bundle (npm run worker)', () => {
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it('loads every module of the worker without tsx, keeps npm packages outside, and says what it needs to run', { timeout: 90_000 }, async () => {
    const outfile = path.join(outDir, 'main.mjs');
    await bundleWorker(undefined, outfile);
    // No REDIS_URL: main() refuses, which it can only do once every import has loaded.
    const run = runNode(outfile);
    expect(run.stderr).toContain('REDIS_URL is not set');
    expect(run.code).toBe(1);
    const map = JSON.parse(fs.readFileSync(`${outfile}.map`, 'utf8')) as { sources: string[] };
    expect(map.sources.some((source) => source.includes('server/src/create-services.ts'))).toBe(true);
    expect(map.sources.filter((source) => source.includes('node_modules'))).toEqual([]);
  });

  it('gives each bundled module its own import.meta.url, so files found next to the code are found from the bundle', { timeout: 60_000 }, async () => {
    const entry = path.join(outDir, 'where.ts');
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(entry, `import { MIGRATIONS_DIR } from '@sahay/server/db/migrate';\nconsole.log(JSON.stringify({ migrations: MIGRATIONS_DIR, here: import.meta.url }));\n`);
    const outfile = path.join(outDir, 'where.mjs');
    await bundleWorker(entry, outfile);
    const run = runNode(outfile);
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as { migrations: string; here: string };
    expect(printed.migrations).toBe(path.join(root, 'migrations'));
    expect(fs.existsSync(path.join(printed.migrations, '1732200000900_files.sql'))).toBe(true);
    expect(fileURLToPath(printed.here)).toBe(entry);
  });
});
