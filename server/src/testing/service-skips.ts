/**
 * `.ci/run`'s check of the tests that need a service the embedded default lacks (issue 29,
 * testing/requires.ts): the files that do (filesNeedingServices), run
 *   1. with TEST_DATABASE_URL and TEST_REDIS_URL unset and PostgreSQL's programs out of reach (a
 *      fresh machine after `npm install`): each must be reported skipped with its reason, none failed;
 *   2. with TEST_REDIS_URL set to a port where nothing listens: each file that needs Redis must fail;
 *   3. with TEST_DATABASE_URL set to a port where nothing listens: the run must fail.
 * Prints what it found and exits non-zero on any problem.
 *
 *   tsx server/src/testing/service-skips.ts
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NEEDS_MARK } from './requires.ts';

/** The parts of vitest's JSON report read here. */
export interface JsonReport {
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { ancestorTitles: string[]; title: string; status: string; failureMessages?: string[] }[];
  }[];
}

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** A test file that skips through requires.ts, or reads what only such a file should. */
const NEEDS_A_SERVICE = /\b(describeWhere|itWhere)\(|process\.env\.TEST_REDIS_URL|\bcanRunOwnServices\(|testDbKinds\(\)\.includes\('postgres'\)/;
const NEEDS_REDIS = /\bneedsRedis\b|process\.env\.TEST_REDIS_URL/;
const SKIPPED = new Set(['skipped', 'pending', 'todo']);

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The test files that skip through requires.ts, or read TEST_REDIS_URL or ask for PostgreSQL or
 * servers of their own some other way (which the check then finds wanting), relative to the
 * repository; those that need Redis apart. TEST_DATABASE_URL alone is no sign: testDbKinds() runs
 * a file on PGlite without it and on both with it.
 */
export function filesNeedingServices(root = REPO): { all: string[]; redis: string[] } {
  const all = ['server/src', 'worker/src', 'bench']
    .flatMap((dir) => (fs.existsSync(path.join(root, dir)) ? testFiles(path.join(root, dir)) : []))
    .filter((file) => NEEDS_A_SERVICE.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file))
    .sort();
  const redis = all.filter((file) => NEEDS_REDIS.test(fs.readFileSync(path.join(root, file), 'utf8')));
  return { all, redis };
}

function resultOf(report: JsonReport, file: string) {
  return report.testResults.find((result) => path.relative(REPO, result.name) === file || result.name === file);
}

/** Problems with a run where no service was set: every file reported, nothing failed, skips say why. */
export function problemsWithoutServices(report: JsonReport, files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const result = resultOf(report, file);
    if (!result) return [`${file}: not in the report`];
    const problems: string[] = [];
    if (result.status === 'failed') problems.push(`${file}: failed${result.message ? `: ${result.message.split('\n')[0]}` : ''}`);
    for (const test of result.assertionResults.filter((one) => one.status === 'failed')) problems.push(`${file}: "${test.title}" failed`);
    const skippedForNeed = result.assertionResults.filter((test) => SKIPPED.has(test.status) && [...test.ancestorTitles, test.title].some((title) => title.includes(NEEDS_MARK)));
    if (skippedForNeed.length === 0) problems.push(`${file}: no test skipped with a reason ("${NEEDS_MARK}…")`);
    return problems;
  });
}

/** Problems with a run where the service was set but unreachable: every file that needs it failed. */
export function problemsWithUnreachable(report: JsonReport, files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const result = resultOf(report, file);
    if (!result) return [`${file}: not in the report`];
    const failed = result.status === 'failed' || result.assertionResults.some((test) => test.status === 'failed');
    return failed ? [] : [`${file}: did not fail with its service unreachable (${result.status})`];
  });
}

/** A port on this machine where nothing listens (taken and given back at once). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function runVitest(files: readonly string[], env: Record<string, string | undefined>, options: { only?: string } = {}): { report: JsonReport | null; code: number; output: string } {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-service-skips-')), 'report.json');
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  const run = spawnSync(path.join(REPO, 'node_modules/.bin/vitest'), ['run', '--reporter=dot', '--reporter=json', `--outputFile.json=${out}`, ...(options.only ? ['-t', options.only] : []), ...files], {
    cwd: REPO,
    env: childEnv,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, 'utf8')) as JsonReport) : null;
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  return { report, code: run.status ?? 1, output: `${run.stdout}${run.stderr}` };
}

async function main(): Promise<number> {
  const { all, redis } = filesNeedingServices();
  console.log(`Test files that need a service the embedded default lacks: ${all.length}\n${all.map((file) => `  ${file}`).join('\n')}`);
  const problems: string[] = [];
  // A machine without PostgreSQL's programs: PG_BINDIR where there are none.
  const unset = { TEST_DATABASE_URL: undefined, TEST_REDIS_URL: undefined, PG_BINDIR: path.join(os.tmpdir(), 'sahay-no-postgres-here') };

  // Only the tests skipped for a missing service are asked for: the files' other tests pass or fail
  // in the suite itself, and leaving them out keeps this cheap (each file is still imported and
  // collected, so a file that cannot be collected still fails).
  const bare = runVitest(all, unset, { only: NEEDS_MARK });
  if (!bare.report) problems.push(`without services: vitest wrote no report (exit ${bare.code}):\n${bare.output.slice(-2000)}`);
  else problems.push(...problemsWithoutServices(bare.report, all).map((problem) => `without services: ${problem}`));
  if (bare.code !== 0) problems.push(`without services: vitest exited ${bare.code}`);

  const unreachableRedis = runVitest(redis, { ...unset, TEST_REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
  if (!unreachableRedis.report) problems.push(`Redis unreachable: vitest wrote no report (exit ${unreachableRedis.code})`);
  else problems.push(...problemsWithUnreachable(unreachableRedis.report, redis).map((problem) => `Redis unreachable: ${problem}`));

  const unreachablePostgres = runVitest(all, { ...unset, TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres` });
  if (unreachablePostgres.code === 0) problems.push('PostgreSQL unreachable: the run passed');

  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s):\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    return 1;
  }
  console.log(`Without services all ${all.length} skip with their reason; with Redis unreachable the ${redis.length} that need it fail; with PostgreSQL unreachable the run fails.`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main();
