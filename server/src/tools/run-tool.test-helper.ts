import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Long enough for a cold PGlite to start and migrate on a busy two-core machine. */
export const TOOL_TIMEOUT_MS = 90_000;

/** Runs a tool under server/src/tools as `npm run` would, with only the environment given. */
export function runTool(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/tools', script), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: TOOL_TIMEOUT_MS - 5_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
