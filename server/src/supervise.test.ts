import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeExit, restartDelayMs } from './supervise.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('restartDelayMs', () => {
  it('waits 1 s, doubling with each quick failure in a row, never more than 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((failures) => restartDelayMs(failures))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });
  it('says how the server ended', () => {
    expect(describeExit(134, null)).toBe('code 134');
    expect(describeExit(null, 'SIGKILL')).toBe('signal SIGKILL');
  });
});

describe('the keeper npm start runs', () => {
  const pids: number[] = [];
  afterEach(() => {
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  });

  it('starts the server again after it is killed, says so in the log, and stops with it on SIGTERM', async () => {
    // A stand-in for the server that says its PID and runs until it is stopped.
    // The handler first, then the line the test waits for: under load a SIGTERM could otherwise arrive between the two.
    const server = `process.on('SIGTERM', () => { console.log('server stopping'); process.exit(0); }); console.log('server pid ' + process.pid); setInterval(() => {}, 1000);`;
    const keeper = spawn(process.execPath, ['--import', 'tsx', 'server/src/supervise-main.ts', process.execPath, '-e', server], {
      cwd: ROOT,
      env: { ...process.env, SAHAY_RESTART_FIRST_DELAY_MS: '200' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pids.push(keeper.pid!);
    let output = '';
    keeper.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    keeper.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => keeper.on('exit', (code) => resolve(code)));
    const serverPids = () => [...output.matchAll(/server pid (\d+)/g)].map((match) => Number(match[1]));
    const waitFor = async (check: () => boolean, what: string) => {
      for (let waited = 0; !check(); waited += 50) {
        if (waited > 30_000) throw new Error(`not seen: ${what}\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    await waitFor(() => serverPids().length === 1, 'the first server');
    const first = serverPids()[0]!;
    pids.push(first);
    process.kill(first, 'SIGKILL');
    await waitFor(() => serverPids().length === 2, 'a second server');
    expect(output).toContain('server exited with signal SIGKILL; restarting in 0.2 s');
    const second = serverPids()[1]!;
    pids.push(second);
    expect(second).not.toBe(first);

    // A second death in a row waits twice as long.
    process.kill(second, 'SIGKILL');
    await waitFor(() => serverPids().length === 3, 'a third server');
    expect(output).toContain('server exited with signal SIGKILL; restarting in 0.4 s');
    pids.push(serverPids()[2]!);

    keeper.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(output).toContain('server stopping');
    expect(serverPids()).toHaveLength(3);
  }, 60_000);
});
