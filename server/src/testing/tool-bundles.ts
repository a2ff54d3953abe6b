import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleTools } from '../../../worker/src/bundle.ts';

/**
 * The command-line tools (npm run erase, migrate, history …) built once per test run for the tests
 * that run them as processes of their own (issue 35). Run through tsx, every start compiled the whole
 * server again (about 3.5 s of a tool's start on the two-core machine, a test file starting 10–20 of
 * them); a bundle is loaded at once. The code is the same: esbuild bundles the same sources tsx would
 * compile, with each file's import.meta.url kept (worker/src/bundle.ts); tool-bundles.int.test.ts
 * checks that every tool has one and that a bundle answers as `npm run` (tsx) does.
 */
export const TOOL_BUNDLES_ENV = 'SAHAY_TEST_TOOL_BUNDLES';

export const TOOLS_DIR = fileURLToPath(new URL('../tools/', import.meta.url));

/** Every tool: a file of server/src/tools that is not a test or a helper the tools share. */
export function toolEntries(): string[] {
  const helpers = new Set(['open-services.ts', 'external-program.ts', 'point-in-time.ts']);
  return fs
    .readdirSync(TOOLS_DIR)
    .filter((file) => file.endsWith('.ts') && !file.includes('.test') && !helpers.has(file))
    .map((file) => path.join(TOOLS_DIR, file));
}

/**
 * Builds every tool into a directory of this run's own; returns it (the global setup removes it).
 * The directory is inside server/node_modules, so the npm packages the bundles leave out resolve.
 */
export async function prepareToolBundles(): Promise<string> {
  const parent = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));
  fs.mkdirSync(parent, { recursive: true });
  const outdir = fs.mkdtempSync(path.join(parent, 'sahay-test-tools-'));
  await bundleTools(toolEntries(), outdir);
  return outdir;
}
