/**
 * `npm run bench:tests` — where the test suite's time goes, file by file (issue 35).
 *
 *   npm run bench:tests -- [--out FILE] [--top N] [vitest arguments…]
 *     runs `vitest run` with those arguments (none: the whole suite, as `npm test` does) and prints
 *     the N slowest files (default 20) with where their time went, then writes every file's figures
 *     to FILE (default bench/out/test-suite-<time>.json). Exits with vitest's exit code.
 *   npm run bench:tests -- --compare BEFORE[,BEFORE…] AFTER[,AFTER…] [--top N]
 *     the N slowest files of BEFORE, each beside its AFTER figures; several runs of one side, comma
 *     separated, are reduced to each file's median.
 *
 * Per file, in seconds:
 *   total     vitest's own figures added up: environment, prepare, import, setup files, hooks and tests
 *   import    importing the test file and all it imports, transform included (vitest's collect time)
 *   cpu       the test process's CPU time for the file, import included (steadier than wall time on
 *             a busy machine; PostgreSQL's and child processes' work is not in it)
 *   database  making its test databases: creating and migrating (server/src/testing/test-db.ts),
 *             wall time and (in brackets) this process's CPU time
 *   idle      hooks and tests' wall time less this process's CPU time: waiting on timers, on other
 *             processes (PostgreSQL, Redis, child processes) and on I/O
 *   tests     hooks and tests (vitest's duration), which include the database and idle time
 * and the tests passed and the assertions they made (expect calls, counted per test).
 *
 * Not a test: nothing here passes or fails on a figure. The machine's load shows in the figures, so
 * compare runs on the same machine, paired by file, and repeat them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ModuleRecord } from './timings-reporter.ts';

interface SetupRecord {
  file: string;
  hooksAndTestsMs: number;
  cpuMs: number;
  fileCpuMs: number;
  databaseMs: number;
  databaseCpuMs: number;
  databases: number;
  assertions: number;
}

export interface FileFigures extends ModuleRecord {
  totalMs: number;
  /** CPU time of the test process for this file, import included: steadier than wall time on a busy machine. */
  cpuMs: number;
  databaseMs: number;
  databaseCpuMs: number;
  databases: number;
  idleMs: number;
  assertions: number;
}

interface RunReport {
  command: string[];
  wallMs: number;
  exitCode: number;
  files: FileFigures[];
}

const REPO = path.resolve(import.meta.dirname, '../..');

function takeOption(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const [, value] = args.splice(at, 2);
  if (value === undefined) throw new Error(`${name} needs a value`);
  return value;
}

function merge(modules: ModuleRecord[], setups: SetupRecord[]): FileFigures[] {
  const byFile = new Map<string, SetupRecord>();
  for (const setup of setups) {
    // A file whose suites are listed twice (describe.each) still ends once: one record per file.
    const known = byFile.get(setup.file);
    byFile.set(
      setup.file,
      known
        ? {
            ...known,
            hooksAndTestsMs: known.hooksAndTestsMs + setup.hooksAndTestsMs,
            cpuMs: known.cpuMs + setup.cpuMs,
            fileCpuMs: known.fileCpuMs + setup.fileCpuMs,
            databaseMs: known.databaseMs + setup.databaseMs,
            databaseCpuMs: known.databaseCpuMs + setup.databaseCpuMs,
            databases: known.databases + setup.databases,
            assertions: known.assertions + setup.assertions,
          }
        : setup,
    );
  }
  return modules.map((module) => {
    const setup = byFile.get(module.file);
    return {
      ...module,
      totalMs: module.environmentMs + module.prepareMs + module.importMs + module.setupMs + module.testsMs,
      cpuMs: setup?.fileCpuMs ?? 0,
      databaseMs: setup?.databaseMs ?? 0,
      databaseCpuMs: setup?.databaseCpuMs ?? 0,
      databases: setup?.databases ?? 0,
      idleMs: setup ? Math.max(0, setup.hooksAndTestsMs - setup.cpuMs) : 0,
      assertions: setup?.assertions ?? 0,
    };
  });
}

function run(args: string[]): number {
  const top = Number(takeOption(args, '--top') ?? 20);
  const out = takeOption(args, '--out') ?? path.join(REPO, 'bench/out', `test-suite-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-test-timings-'));
  const timingsDir = path.join(work, 'files');
  fs.mkdirSync(timingsDir);
  const reportFile = path.join(work, 'report.json');
  const command = ['run', '--reporter=default', `--reporter=${path.join(REPO, 'bench/test-suite/timings-reporter.ts')}`, ...args];
  const startedAt = performance.now();
  const result = spawnSync(path.join(REPO, 'node_modules/.bin/vitest'), command, {
    cwd: REPO,
    stdio: 'inherit',
    env: { ...process.env, SAHAY_TEST_TIMINGS_DIR: timingsDir, SAHAY_TEST_REPORT: reportFile },
  });
  const wallMs = performance.now() - startedAt;
  const exitCode = result.status ?? 1;
  if (!fs.existsSync(reportFile)) {
    console.error('vitest wrote no report: nothing to measure');
    return exitCode || 1;
  }
  const modules = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as ModuleRecord[];
  const setups = fs.readdirSync(timingsDir).map((name) => JSON.parse(fs.readFileSync(path.join(timingsDir, name), 'utf8')) as SetupRecord);
  fs.rmSync(work, { recursive: true, force: true });
  const report: RunReport = { command: ['vitest', ...command], wallMs, exitCode, files: merge(modules, setups) };
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(report, null, 1));
  printSlowest(report, top);
  console.log(`\nEvery file's figures: ${path.relative(process.cwd(), out)}`);
  return exitCode;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

function totals(files: FileFigures[]) {
  const sum = (pick: (file: FileFigures) => number) => files.reduce((total, file) => total + pick(file), 0);
  return {
    files: files.length,
    passed: sum((file) => file.passed),
    failed: sum((file) => file.failed),
    skipped: sum((file) => file.skipped),
    assertions: sum((file) => file.assertions),
    importMs: sum((file) => file.importMs),
    cpuMs: sum((file) => file.cpuMs),
    databaseMs: sum((file) => file.databaseMs),
    databaseCpuMs: sum((file) => file.databaseCpuMs),
    idleMs: sum((file) => file.idleMs),
    totalMs: sum((file) => file.totalMs),
  };
}

function printSlowest(report: RunReport, top: number): void {
  const slowest = [...report.files].sort((a, b) => b.totalMs - a.totalMs).slice(0, top);
  console.log(`\nThe ${slowest.length} slowest test files (seconds; run took ${seconds(report.wallMs)} s of wall time)`);
  console.log('| file | total | cpu | import | databases: n, wall (cpu) | idle | tests | passed | assertions |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const file of slowest) {
    console.log(
      `| ${file.file} | ${seconds(file.totalMs)} | ${seconds(file.cpuMs)} | ${seconds(file.importMs)} | ${file.databases}: ${seconds(file.databaseMs)} (${seconds(file.databaseCpuMs)}) | ` +
        `${seconds(file.idleMs)} | ${seconds(file.testsMs)} | ${file.passed} | ${file.assertions} |`,
    );
  }
  const all = totals(report.files);
  console.log(
    `\nAll ${all.files} files: ${all.passed} tests passed, ${all.failed} failed, ${all.skipped} skipped, ${all.assertions} assertions; ` +
      `summed over files: ${seconds(all.totalMs)} s (cpu ${seconds(all.cpuMs)} s), of which import ${seconds(all.importMs)} s, ` +
      `databases ${seconds(all.databaseMs)} s (cpu ${seconds(all.databaseCpuMs)} s), idle ${seconds(all.idleMs)} s`,
  );
  for (const file of report.files.filter((figures) => figures.errors.length > 0)) console.log(`  ${file.file}: ${file.errors.join('; ')}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each file's median figures over several runs (the counts are the first run's). */
function medianFiles(reports: RunReport[]): Map<string, FileFigures> {
  const byFile = new Map<string, FileFigures[]>();
  for (const report of reports) for (const file of report.files) byFile.set(file.file, [...(byFile.get(file.file) ?? []), file]);
  const keys = ['totalMs', 'cpuMs', 'importMs', 'databaseMs', 'databaseCpuMs', 'idleMs', 'testsMs'] as const;
  return new Map(
    [...byFile].map(([file, runs]) => {
      const figures = { ...runs[0]! };
      for (const key of keys) figures[key] = median(runs.map((one) => one[key]));
      return [file, figures];
    }),
  );
}

function compare(beforeList: string, afterList: string, top: number): number {
  const read = (list: string) => list.split(',').map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as RunReport);
  const beforeRuns = read(beforeList);
  const afterRuns = read(afterList);
  const before = medianFiles(beforeRuns);
  const after = medianFiles(afterRuns);
  const slowest = [...before.values()].sort((a, b) => b.totalMs - a.totalMs).slice(0, top);
  const pair = (a: number, b: number | undefined) => `${seconds(a)} → ${b === undefined ? '–' : seconds(b)}`;
  console.log(`The ${slowest.length} slowest files before (seconds, before → after; medians of ${beforeRuns.length} → ${afterRuns.length} run(s))`);
  console.log('| file | total | cpu | import | databases | databases (cpu) | idle | tests | passed | assertions |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const file of slowest) {
    const later = after.get(file.file);
    console.log(
      `| ${file.file} | ${pair(file.totalMs, later?.totalMs)} | ${pair(file.cpuMs, later?.cpuMs)} | ${pair(file.importMs, later?.importMs)} | ` +
        `${pair(file.databaseMs, later?.databaseMs)} | ${pair(file.databaseCpuMs, later?.databaseCpuMs)} | ` +
        `${pair(file.idleMs, later?.idleMs)} | ${pair(file.testsMs, later?.testsMs)} | ${file.passed} → ${later?.passed ?? '–'} | ${file.assertions} → ${later?.assertions ?? '–'} |`,
    );
  }
  const wall = (runs: RunReport[]) => median(runs.map((report) => report.wallMs));
  const [b, a] = [totals([...before.values()]), totals([...after.values()])];
  console.log(`\nwall time of the run: ${seconds(wall(beforeRuns))} → ${seconds(wall(afterRuns))} s`);
  console.log(`files: ${b.files} → ${a.files}; passed: ${b.passed} → ${a.passed}; failed: ${b.failed} → ${a.failed}; skipped: ${b.skipped} → ${a.skipped}; assertions: ${b.assertions} → ${a.assertions}`);
  console.log(`summed over files: total ${pair(b.totalMs, a.totalMs)}; cpu ${pair(b.cpuMs, a.cpuMs)}; import ${pair(b.importMs, a.importMs)}; databases ${pair(b.databaseMs, a.databaseMs)}; idle ${pair(b.idleMs, a.idleMs)}`);
  return 0;
}

const args = process.argv.slice(2);
if (args[0] === '--') args.shift();
const comparing = takeOption(args, '--compare');
if (comparing !== undefined) {
  const top = Number(takeOption(args, '--top') ?? 20);
  if (args.length !== 1) throw new Error('--compare BEFORE[,BEFORE…] AFTER[,AFTER…]');
  process.exitCode = compare(comparing, args[0]!, top);
} else {
  process.exitCode = run(args);
}
