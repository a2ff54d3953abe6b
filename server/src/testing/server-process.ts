import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Node with tsx's loader, as the tests run code (main.ts from source). */
export const FROM_SOURCE = [process.execPath, '--import', 'tsx', 'server/src/main.ts'] as const;

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far. */
  output: () => string;
  /** Its address once it says "Sahay is running at …"; rejected if it exits first. */
  url: Promise<string>;
  exit: Promise<number | null>;
}

/**
 * Starts the server as a process of its own, from the repository's root, with only PATH, HOME and
 * LOG_LEVEL=warn from this environment plus `env` (and no `.env` file: SAHAY_ENV_FILE=/dev/null,
 * unless `env` names one): for tests of how it starts, stops and lives under a heap cap.
 */
export function startServerProcess(env: Record<string, string>, [command, ...args]: readonly string[] = FROM_SOURCE): ServerProcess {
  const child = spawn(command!, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), SAHAY_ENV_FILE: '/dev/null', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Sahay is running at (http:\/\/\S+)/);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', () => reject(new Error(`exited before listening:\n${output}`)));
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, url, exit };
}
