import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TOOL_BUNDLES_ENV, toolEntries } from './tool-bundles.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCRIPTS = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/**
 * The tool tests run the tools from bundles built once per run (issue 35): every `npm run` tool has
 * its bundle, and a bundle behaves as `npm run` (tsx over the same sources) does.
 */
describe('command-line tools built for the tests', () => {
  it('builds a bundle for every tool that package.json runs', () => {
    const run = Object.values(SCRIPTS).flatMap((command) => /^tsx server\/src\/tools\/([a-z-]+\.ts)$/.exec(command)?.[1] ?? []);
    expect(run.length).toBeGreaterThanOrEqual(9);
    expect(toolEntries().map((entry) => path.basename(entry)).sort()).toEqual([...run].sort());
    const bundles = process.env[TOOL_BUNDLES_ENV];
    expect(bundles, 'the global setup names the bundles').toBeTruthy();
    for (const tool of run) expect(fs.existsSync(path.join(bundles!, tool.replace(/\.ts$/, '.mjs'))), tool).toBe(true);
  });

  it('answers as `npm run` does: the same usage, output and exit code', () => {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', SAHAY_ENV_FILE: '/dev/null' };
    const viaNpm = spawnSync('npm', ['run', '--silent', 'replay', '--', '--bogus'], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
    const viaBundle = spawnSync(process.execPath, [path.join(process.env[TOOL_BUNDLES_ENV]!, 'replay.mjs'), '--bogus'], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
    expect(viaNpm.stderr).toContain('Usage: npm run replay');
    expect({ code: viaBundle.status, stdout: viaBundle.stdout, stderr: viaBundle.stderr }).toEqual({ code: viaNpm.status, stdout: viaNpm.stdout, stderr: viaNpm.stderr });
    expect(viaNpm.status).toBe(2);
  }, 90_000);
});
