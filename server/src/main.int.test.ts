import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FROM_SOURCE, startServerProcess } from '#server/testing/server-process';

/** `npm run serve`, as production starts the server (FROM_SOURCE: as the tests run code). */
const NPM_RUN_SERVE = ['npm', 'run', '--silent', 'serve'] as const;

const startMain = startServerProcess;

describe('the server process', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children) child.kill('SIGKILL');
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stops with a message naming the variable when the configuration is wrong', async () => {
    const started = startMain({ PORT: 'eighty', DATABASE_URL: 'mysql://nope', SAHAY_DATA_DIR: os.tmpdir() });
    children.push(started.child);
    expect(await started.exit).toBe(1);
    expect(started.output()).toMatch(/PORT:/);
    expect(started.output()).toMatch(/DATABASE_URL:/);
    started.url.catch(() => {});
  }, 60_000);

  // `npm run serve` runs the server's bundle with exec, so npm's SIGTERM reaches node itself (tsx's
  // CLI killed its child 30 ms after passing one on, cutting the stop short).
  it.each([
    ['from source', FROM_SOURCE],
    ['started by npm run serve', NPM_RUN_SERVE],
  ])('finishes a request in flight on SIGTERM, refuses new connections, and exits 0 (%s)', async (_how, command) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-main-'));
    dirs.push(dataDir);
    const started = startMain({ PORT: '0', HOST: '127.0.0.1', SAHAY_DATA_DIR: dataDir }, command);
    children.push(started.child);
    const url = new URL(await started.url);

    // A login whose body is only half sent: the request is in flight when the signal arrives.
    const body = JSON.stringify({ userId: 'SH1234567', password: 'not the password' });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: url.port, path: '/api/users/login', method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        started.child.kill('SIGTERM');
        setTimeout(async () => {
          const refused = await fetch(`http://127.0.0.1:${url.port}/healthz`).then(
            () => false,
            () => true,
          );
          expect(refused).toBe(true);
          req.end(body.slice(10));
        }, 300);
      }, 300);
    });
    const result = await answer;
    expect(result.status).toBe(401);
    expect(JSON.parse(result.body).message).toBe('Invalid user ID/e-mail or password');
    expect(await started.exit).toBe(0);
    // The embedded database's lock is released on a clean stop.
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    // Starting a server process (PGlite, migrations, seed) takes seconds, many more on a busy machine.
  }, 120_000);
});
