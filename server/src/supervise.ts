/**
 * `npm start`'s keeper (issue 29): runs the server (`npm run --silent serve`, or the command given
 * after the script's name) and starts it again whenever it exits without being asked to, as the
 * compose services' `restart: unless-stopped` does. The wait before a restart is 1 s, doubling with
 * each quick failure up to 30 s, and back to 1 s once a run lasted a minute. Every restart is said
 * in the log: "server exited with code 134; restarting in 2 s". SIGTERM or SIGINT is passed on to
 * the server, and the keeper ends with it.
 *
 * Kept free of the application's code (it imports nothing of server/src), so it is small, starts at
 * once and cannot be brought down by what brings the server down.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 30_000;
/** A run this long was a healthy one: the next failure starts the backoff from the beginning. */
export const HEALTHY_RUN_MS = 60_000;

/** The wait before restart number `failures` (1 for the first quick failure in a row): 1 s, 2 s, 4 s … 30 s. */
export function restartDelayMs(failures: number, firstMs = FIRST_DELAY_MS, maxMs = MAX_DELAY_MS): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, failures - 1));
}

/** How the child ended, as the log line says it. */
export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `code ${code ?? 'unknown'}`;
}

export interface SuperviseOptions {
  command: string;
  args: string[];
  /** What to call the child in the log lines. */
  name?: string;
  firstDelayMs?: number;
  maxDelayMs?: number;
  healthyRunMs?: number;
  log?: (line: string) => void;
}

/** Runs the command until a stop signal; resolves with the exit code to end with. */
export function supervise(options: SuperviseOptions): Promise<number> {
  const name = options.name ?? 'server';
  const log = options.log ?? ((line: string) => console.error(`[supervise] ${line}`));
  let child: ChildProcess | null = null;
  let stopping: NodeJS.Signals | null = null;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;

  return new Promise<number>((resolve) => {
    const start = () => {
      timer = null;
      const startedAt = Date.now();
      child = spawn(options.command, options.args, { stdio: 'inherit' });
      child.on('error', (error) => log(`${name} could not be started: ${error.message}`));
      child.on('exit', (code, signal) => {
        child = null;
        if (stopping) return resolve(code ?? 0);
        failures = Date.now() - startedAt >= (options.healthyRunMs ?? HEALTHY_RUN_MS) ? 1 : failures + 1;
        const delay = restartDelayMs(failures, options.firstDelayMs, options.maxDelayMs);
        log(`${name} exited with ${describeExit(code, signal)}; restarting in ${delay / 1000} s`);
        timer = setTimeout(start, delay);
      });
    };
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = signal;
      if (timer) {
        clearTimeout(timer);
        return resolve(0);
      }
      child?.kill(signal);
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
    start();
  });
}
