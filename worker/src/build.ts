/**
 * `npm run build` and the first half of `npm start` (issue 36): builds the web app, the server with
 * its keeper, and (for `npm run build`) the worker — each only when a file that goes into it changed
 * since its last build (build-stamp.ts, docs/decisions/059) — and says so in one line. The tools'
 * own output (Vite's list of every asset) is kept unless LOG_LEVEL is debug or trace, or a build
 * fails, when it is printed whole.
 *
 *   tsx worker/src/build.ts [--for-start] [--force]
 *
 * --for-start: the configuration is read and checked first (`.env` included), so a wrong value
 * stops `npm start` at once, naming the variable, instead of after a build; the worker, which
 * `npm start` does not run, is left alone. --force builds everything.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '@sahay/server/config';
import { hashFile, hashText, ROOT, staleReason, stampOf, writeStamp } from './build-stamp.ts';
import { bundleIfChanged, bundleServer, stampFileOf, WORKER_BUNDLE, WORKER_ENTRY, type BuildOutcome } from './bundle.ts';

export const WEB_DIR = path.join(ROOT, 'web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');
export const WEB_STAMP = path.join(WEB_DIST, 'build-inputs.json');
/** What the server reads of the web build: without any of them it must be built again. */
const WEB_OUTPUTS = ['server/entry-server.js', 'server/build-manifest.json', 'server/template.html'].map((file) => path.join(WEB_DIST, file));
const SKIPPED_IN_WEB = new Set(['node_modules', 'dist']);

/** Every file of web/ but its build and packages: sources, public files, config, scripts, package.json. */
function webFiles(dir = WEB_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_IN_WEB.has(entry.name) && dir === WEB_DIR ? [] : webFiles(path.join(dir, entry.name));
    return entry.isFile() ? [path.join(dir, entry.name)] : [];
  });
}

/** The files outside web/ the last build took in (the server's schemas and shared code), as Vite listed them. */
function outsideInputs(): string[] {
  return ['client', 'server'].flatMap((kind) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(WEB_DIST, `inputs.${kind}.json`), 'utf8')) as string[];
    } catch {
      return [];
    }
  });
}

/** The web app's inputs: all of web/, what it imports from outside, and the lock file (npm packages are bundled into it). */
function webInputs(): string[] {
  return [...webFiles(), ...outsideInputs(), path.join(ROOT, 'package-lock.json')];
}

const WEB_RECIPE = hashText(JSON.stringify({ build: 'npm run build -w web', builder: hashFile(path.join(ROOT, 'worker/src/build.ts')) }));

export interface RunOptions {
  /** Pass the tool's output through as it comes (LOG_LEVEL=debug), instead of keeping it for a failure. */
  verbose: boolean;
}

/** Runs a command in the repository; its output is kept, and thrown with the error if it fails. */
function run(command: string, args: readonly string[], { verbose }: RunOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new BuildFailed(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`, output))));
  });
}

export class BuildFailed extends Error {
  override name = 'BuildFailed';
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
  }
}

/** The web app, when one of its inputs changed (or `force`). */
export async function buildWebIfChanged(options: RunOptions & { force?: boolean }): Promise<BuildOutcome> {
  const started = performance.now();
  const reason = options.force ? 'asked to' : staleReason(WEB_STAMP, WEB_RECIPE, WEB_OUTPUTS, webFiles());
  if (reason) {
    // Hashed before the build: a file saved while it runs makes the next start build again.
    const before = stampOf(WEB_RECIPE, webInputs());
    await run('npm', ['run', '--silent', 'build', '-w', 'web'], options);
    const stamp = stampOf(WEB_RECIPE, outsideInputs());
    writeStamp(WEB_STAMP, { recipe: WEB_RECIPE, inputs: { ...stamp.inputs, ...before.inputs } });
  }
  return { name: 'the web app', reason, ms: performance.now() - started };
}

function seconds(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(1)} s`;
}

/** The one line a build prints: what was built, in how long and why; what was not. */
export function summary(outcomes: readonly BuildOutcome[], totalMs: number): string {
  const built = outcomes.filter((outcome) => outcome.reason !== null);
  const unchanged = outcomes.filter((outcome) => outcome.reason === null).map((outcome) => outcome.name);
  if (built.length === 0) return `Build: nothing changed (${unchanged.join(', ')}; checked in ${seconds(totalMs)}).`;
  const parts = built.map((outcome) => `${outcome.name} in ${seconds(outcome.ms)} (${outcome.reason})`);
  return `Build: ${parts.join(', ')}${unchanged.length > 0 ? `; unchanged: ${unchanged.join(', ')}` : ''}.`;
}

export async function main(argv: readonly string[]): Promise<number> {
  const forStart = argv.includes('--for-start');
  const force = argv.includes('--force');
  const unknown = argv.filter((arg) => arg !== '--for-start' && arg !== '--force');
  if (unknown.length > 0) {
    console.error(`Unknown option ${unknown[0]}. Usage: tsx worker/src/build.ts [--for-start] [--force]`);
    return 2;
  }
  let logLevel = process.env.LOG_LEVEL;
  if (forStart) {
    try {
      logLevel = loadConfig().LOG_LEVEL;
    } catch (error) {
      if (error instanceof ConfigError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  }
  const verbose = logLevel === 'debug' || logLevel === 'trace';
  const started = performance.now();
  if (force) for (const stamp of [WEB_STAMP, ...['server/dist/main.mjs', 'server/dist/supervise.mjs', 'worker/dist/main.mjs'].map((file) => stampFileOf(path.join(ROOT, file)))]) fs.rmSync(stamp, { force: true });
  try {
    const outcomes = [await buildWebIfChanged({ verbose, force }), ...(await bundleServer()), ...(forStart ? [] : [await bundleIfChanged('the worker', WORKER_ENTRY, WORKER_BUNDLE)])];
    console.error(summary(outcomes, performance.now() - started));
    return 0;
  } catch (error) {
    if (error instanceof BuildFailed) {
      console.error(`${error.output}\n${error.message}.`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
