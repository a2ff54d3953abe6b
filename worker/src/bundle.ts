import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, version as esbuildVersion, type Metafile, type Plugin } from 'esbuild';
import { hashFile, hashText, ROOT, staleReason, stampOf, writeStamp } from './build-stamp.ts';

/**
 * `npm run worker` and `npm run serve` run the worker and the server as one JavaScript file each,
 * built from their TypeScript by esbuild, not through tsx: tsx compiles every module at start-up in
 * a loader thread of its own, which holds about 50 MiB for the life of the process (bench/kanyadan:
 * 187 → 138 MiB at ready, peak 319 → 275 MiB; docs/decisions/026), and its CLI kills its child 30 ms
 * after passing on a SIGTERM, cutting a graceful stop short (bench/load). The build takes well under
 * a second, and runs at every start when a source changed (bundleIfChanged: a stamp of its inputs'
 * hashes beside the bundle), so the file can never be older than the code.
 */
export const WORKER_ENTRY = fileURLToPath(new URL('./main.ts', import.meta.url));
export const WORKER_BUNDLE = fileURLToPath(new URL('../dist/main.mjs', import.meta.url));
export const SERVER_ENTRY = fileURLToPath(new URL('../../server/src/main.ts', import.meta.url));
export const SERVER_BUNDLE = fileURLToPath(new URL('../../server/dist/main.mjs', import.meta.url));
/** `npm start`'s keeper, which restarts the server when it dies (server/src/supervise.ts). */
export const SUPERVISOR_ENTRY = fileURLToPath(new URL('../../server/src/supervise-main.ts', import.meta.url));
export const SUPERVISOR_BUNDLE = fileURLToPath(new URL('../../server/dist/supervise.mjs', import.meta.url));

/** npm packages stay where npm put them (native parts such as sharp's libvips cannot be bundled); the workspace's own code is bundled. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./#]/ }, (args) => (args.path.startsWith('@sahay/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Each module keeps its own import.meta.url, as when run from source: code that finds files next to
 * itself (the migrations beside server/src/db, the fonts) finds them from the bundle too. The bundle
 * is built where the sources are (the image builds and runs in /app).
 */
const ownImportMetaUrl: Plugin = keepImportMetaUrl(new Set());

/**
 * As ownImportMetaUrl, except in `entries`, which keep the bundle's own URL: a tool that runs its
 * main only when it is the program (`import.meta.url === pathToFileURL(process.argv[1])`) still does.
 */
function keepImportMetaUrl(entries: ReadonlySet<string>): Plugin {
  return {
    name: 'own-import-meta-url',
    setup(builder) {
      builder.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`) || entries.has(args.path)) return undefined;
        const source = await fs.readFile(args.path, 'utf8');
        return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
      });
    },
  };
}

/**
 * Builds one entry point (the worker, the server, or a benchmark's copy of one) into one ES module, not minified
 * (stack traces keep the functions' names), with its source map beside it: `npm run worker` does not
 * load the map (it would keep it parsed in memory); NODE_OPTIONS=--enable-source-maps does.
 */
export async function bundleWorker(entry = WORKER_ENTRY, outfile = WORKER_BUNDLE): Promise<Metafile> {
  const result = await build({
    absWorkingDir: ROOT,
    metafile: true,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [npmPackagesExternal, ownImportMetaUrl],
  });
  return result.metafile;
}

/** The stamp beside a bundle: its inputs' hashes (build-stamp.ts). */
export function stampFileOf(outfile: string): string {
  return `${outfile}.inputs.json`;
}

export interface BuildOutcome {
  /** What was built: 'the server', 'the worker', 'the web app'. */
  name: string;
  /** Why it was built, or null when it was up to date. */
  reason: string | null;
  ms: number;
}

/**
 * bundleWorker, only when a file that went into the last bundle changed (or the bundle, its stamp,
 * or this file's recipe changed): a start with nothing changed costs the hashing of its sources.
 */
export async function bundleIfChanged(name: string, entry: string, outfile: string): Promise<BuildOutcome> {
  const started = performance.now();
  const stampFile = stampFileOf(outfile);
  const recipe = hashText(JSON.stringify({ entry: path.relative(ROOT, entry), bundler: hashFile(fileURLToPath(import.meta.url)), esbuild: esbuildVersion }));
  const reason = staleReason(stampFile, recipe, [outfile]);
  if (reason) {
    // A build that fails leaves no stamp: the next one tries again.
    await fs.rm(stampFile, { force: true });
    const metafile = await bundleWorker(entry, outfile);
    writeStamp(stampFile, stampOf(recipe, Object.keys(metafile.inputs)));
  }
  return { name, reason, ms: performance.now() - started };
}

/** The server and its keeper (`npm run serve`, `npm start`). */
export function bundleServer(): Promise<BuildOutcome[]> {
  return Promise.all([bundleIfChanged('the server', SERVER_ENTRY, SERVER_BUNDLE), bundleIfChanged('the keeper', SUPERVISOR_ENTRY, SUPERVISOR_BUNDLE)]);
}

/**
 * Builds command-line tools (server/src/tools/*.ts) into `outdir`, one `<name>.mjs` each with their
 * shared code in chunks: the tests run them as processes of their own, and a bundle starts in a
 * fraction of the time tsx takes to compile the server for every run (issue 35).
 */
export async function bundleTools(entries: readonly string[], outdir: string): Promise<void> {
  await build({
    entryPoints: [...entries],
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [npmPackagesExternal, keepImportMetaUrl(new Set(entries.map((entry) => path.resolve(entry))))],
  });
}

// `tsx worker/src/bundle.ts` builds the worker; `… server` the server and its keeper; each only when
// its sources changed, silently (LOG_LEVEL=debug says what was built and why).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outcomes = process.argv[2] === 'server' ? await bundleServer() : [await bundleIfChanged('the worker', WORKER_ENTRY, WORKER_BUNDLE)];
  if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') {
    for (const { name, reason, ms } of outcomes) console.error(reason ? `Bundled ${name} in ${Math.round(ms)} ms (${reason}).` : `Unchanged: ${name} (checked in ${Math.round(ms)} ms).`);
  }
}
