import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOOL_BUNDLES_ENV } from '#server/testing/tool-bundles';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Long enough for a cold PGlite to start and migrate on a busy two-core machine. */
export const TOOL_TIMEOUT_MS = 90_000;

/**
 * How a tool is started: its bundle, built once for this test run by the global setup
 * (server/src/testing/tool-bundles.ts), or, without one (another vitest config), through tsx.
 */
function toolCommand(script: string): string[] {
  const bundles = process.env[TOOL_BUNDLES_ENV];
  const bundle = bundles && path.join(bundles, script.replace(/\.ts$/, '.mjs'));
  if (bundle && fs.existsSync(bundle)) return [bundle];
  return ['--import', 'tsx', path.join(root, 'server/src/tools', script)];
}

const toolEnv = (env: Record<string, string>) => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), SAHAY_ENV_FILE: '/dev/null', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });

/** Starts a tool as runTool does, without waiting: for a test that interrupts it. */
export function startTool(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...toolCommand(script), ...args], { cwd: root, env: toolEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs a tool under server/src/tools as `npm run` would, with only the environment given. */
export function runTool(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [...toolCommand(script), ...args], {
    cwd: root,
    env: toolEnv(env),
    encoding: 'utf8',
    timeout: TOOL_TIMEOUT_MS - 5_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
