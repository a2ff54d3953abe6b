import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';

/**
 * PostgreSQL and Redis servers of a test's own, started from the machine's binaries in a temporary
 * directory: fault tests stop, kill and restart them without touching the shared services. Each
 * keeps its port and data across restarts, as a real server does.
 */
export interface OwnServer {
  url: string;
  port: number;
  dir: string;
  /** Whether the process is running now. */
  isRunning(): boolean;
  /** Stops it: 'fast' lets it shut down cleanly, 'kill' is SIGKILL (a crash). */
  stop(how?: 'fast' | 'kill'): Promise<void>;
  /** Starts it again on the same port and data, and waits until it answers. */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** PostgreSQL's binaries: PG_BINDIR, else the newest /usr/lib/postgresql/N/bin, else the PATH. */
export function postgresBinDir(): string {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.length > 0 ? path.join(root, versions[0]!, 'bin') : '';
}

function isOnPath(program: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && fs.existsSync(path.join(dir, program)));
}

/**
 * Whether tests may start servers of their own: always where the shared PostgreSQL is set
 * (TEST_DATABASE_URL — CI, where missing binaries must fail, not skip), else when the machine has
 * PostgreSQL's and Redis's binaries (a fresh machine without them still passes `npm test`).
 */
export function canRunOwnServices(): boolean {
  if (process.env.TEST_DATABASE_URL) return true;
  const binDir = postgresBinDir();
  return (binDir ? fs.existsSync(path.join(binDir, 'initdb')) : isOnPath('initdb')) && isOnPath('redis-server');
}

/** PostgreSQL refuses to run as root: under root, it runs as the `postgres` system user. */
export function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid === 0) throw new Error('running as root needs a `postgres` system user to run PostgreSQL as');
  return { uid, gid };
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Whether `child` answers `check` before the deadline; false as soon as it has exited. */
async function becomesReady(child: ChildProcess, check: () => Promise<boolean>, deadline: number): Promise<boolean> {
  while (Date.now() < deadline && !hasExited(child)) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function exited(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

// Detached children outlive a test runner that dies: kill what is left when it exits.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** A process that can be stopped and started again, with its output kept for error messages. */
function restartable(launch: () => ChildProcess, isReady: () => Promise<boolean>, name: string) {
  let child: ChildProcess | null = null;
  let output = '';
  return {
    isRunning: () => child !== null && !hasExited(child),
    async start() {
      const deadline = Date.now() + READY_TIMEOUT_MS;
      for (;;) {
        output = '';
        const launched = launch();
        child = launched;
        running.add(launched);
        launched.once('exit', () => running.delete(launched));
        launched.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
        launched.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
        if (await becomesReady(launched, isReady, deadline)) return;
        // Gone at once: right after a crash, PostgreSQL's killed backends can hold the old shared
        // memory for a moment ("pre-existing shared memory block is still in use"). Start again.
        if (!hasExited(launched) || Date.now() >= deadline) throw new Error(`${name} did not become ready in ${READY_TIMEOUT_MS} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async stop(how: 'fast' | 'kill' = 'fast') {
      if (!child) return;
      const stopping = child;
      child = null;
      // SIGINT is PostgreSQL's fast shutdown; Redis shuts down on SIGTERM.
      // A crash takes the whole process group (PostgreSQL's backends too), as a machine's would.
      if (how === 'kill') process.kill(-stopping.pid!, 'SIGKILL');
      else stopping.kill(name === 'PostgreSQL' ? 'SIGINT' : 'SIGTERM');
      await exited(stopping);
    },
  };
}

/** A started server, with close() that stops it and removes its directory. */
function ownServer(url: string, port: number, dir: string, server: ReturnType<typeof restartable>): OwnServer {
  return {
    url,
    port,
    dir,
    ...server,
    async close() {
      await server.stop('fast');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A PostgreSQL cluster of its own (trust auth, user postgres). No fsync (only a machine crash would
 * lose data, and tests do not crash the machine); commits stay synchronous, so a killed server keeps
 * every commit it acknowledged.
 */
export interface OwnPostgresOptions {
  /** A cluster already made (a restored one): started as it is, without initdb; close() removes only the directory made for it. */
  dataDir?: string;
  /** More settings (name=value), given after the defaults, so they win: e.g. archiving for the backup drill. */
  settings?: (where: { dir: string; dataDir: string; port: number }) => string[];
}

export async function startOwnPostgres(options: OwnPostgresOptions = {}): Promise<OwnServer> {
  const binDir = postgresBinDir();
  const bin = (name: string) => (binDir ? path.join(binDir, name) : name);
  const runAs = postgresUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-own-pg-'));
  if (runAs) fs.chownSync(dir, runAs.uid, runAs.gid);
  const dataDir = options.dataDir ?? path.join(dir, 'data');
  if (!options.dataDir) {
    const init = spawnSync(bin('initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C'], { encoding: 'utf8', ...runAs });
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.error?.message}`);
  }

  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const isReady = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } finally {
      await client.end().catch(() => {});
    }
  };
  const settings = ['listen_addresses=127.0.0.1', `unix_socket_directories=${dir}`, 'fsync=off', 'full_page_writes=off', 'max_connections=200', ...(options.settings?.({ dir, dataDir, port }) ?? [])];
  const server = restartable(
    () => spawn(bin('postgres'), ['-D', dataDir, '-p', String(port), ...settings.flatMap((setting) => ['-c', setting])], { stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...runAs }),
    isReady,
    'PostgreSQL',
  );
  await server.start();
  return ownServer(url, port, dir, server);
}

/**
 * A Redis of its own. With `persist`, it keeps an append-only file, so a restart finds its data
 * again (as the compose file's Redis does); without, a restart starts empty.
 */
export async function startOwnRedis(options: { persist?: boolean } = {}): Promise<OwnServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-own-redis-'));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const isReady = async () => {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } finally {
      client.disconnect();
    }
  };
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', options.persist ? 'yes' : 'no', '--maxmemory-policy', 'noeviction'];
  const server = restartable(() => spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true }), isReady, 'Redis');
  await server.start();
  return ownServer(url, port, dir, server);
}
