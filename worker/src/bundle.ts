import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run worker` and `npm run serve` run the worker and the server as one JavaScript file each,
 * built from their TypeScript by esbuild, not through tsx: tsx compiles every module at start-up in
 * a loader thread of its own, which holds about 50 MiB for the life of the process (bench/kanyadan:
 * 187 → 138 MiB at ready, peak 319 → 275 MiB; docs/decisions/026), and its CLI kills its child 30 ms
 * after passing on a SIGTERM, cutting a graceful stop short (bench/load). The build takes well under
 * a second, and runs at every start, so the file can never be older than the code.
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
export async function bundleWorker(entry = WORKER_ENTRY, outfile = WORKER_BUNDLE): Promise<void> {
  await build({
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

// `tsx worker/src/bundle.ts` builds the worker; `… server` the server and its keeper.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === 'server') await Promise.all([bundleWorker(SERVER_ENTRY, SERVER_BUNDLE), bundleWorker(SUPERVISOR_ENTRY, SUPERVISOR_BUNDLE)]);
  else await bundleWorker();
}
