import net from 'node:net';
import type { Config } from '#server/config';

/**
 * Issue 36: a server (or worker) that cannot start because of where the configuration points says
 * so in one line, naming the variable and what to do, instead of a raw stack: nothing answers at
 * DATABASE_URL or REDIS_URL, their host has no address, the port is taken, HOST is not a name or an
 * address of this machine. Anything else keeps its stack (a fault of ours, to be reported).
 *
 * A URL's password never appears: only its host and port are named.
 */

interface SystemError {
  code?: string;
  syscall?: string;
  address?: string;
  port?: number;
  hostname?: string;
  errors?: unknown[];
}

/** A service the configuration names by URL: the variable, and where it points. */
interface Target {
  variable: string;
  host: string;
  port: number;
  what: string;
  remedy: string;
}

const DEFAULT_PORTS: Record<string, number> = { 'postgres:': 5432, 'postgresql:': 5432, 'redis:': 6379, 'rediss:': 6379 };

function targetOf(variable: string, url: string | undefined, what: string, remedy: string): Target | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^\[|\]$/g, '') || 'localhost';
    return { variable, host, port: parsed.port ? Number(parsed.port) : (DEFAULT_PORTS[parsed.protocol] ?? 0), what, remedy };
  } catch {
    return null;
  }
}

function targetsOf(config: Config): Target[] {
  const database = config.database.kind === 'postgres' ? config.database : null;
  return [
    targetOf('DATABASE_URL', database?.url, 'PostgreSQL', 'start PostgreSQL there, correct DATABASE_URL, or unset it to use the embedded database'),
    targetOf('DATABASE_OWNER_URL', database?.ownerUrl, 'PostgreSQL', 'start PostgreSQL there, or correct DATABASE_OWNER_URL'),
    targetOf('REDIS_URL', config.queue.kind === 'bullmq' ? config.queue.url : undefined, 'Redis', 'start Redis there, correct REDIS_URL, or unset it to run jobs in the server process'),
  ].filter((target) => target !== null);
}

/** The system error inside: Node gives an AggregateError when a name has several addresses (IPv6 and IPv4 for localhost). */
function systemError(error: unknown): SystemError | null {
  if (!error || typeof error !== 'object') return null;
  const candidate = error as SystemError;
  if (candidate.code && typeof candidate.code === 'string') return candidate;
  const first = candidate.errors?.find((inner) => inner && typeof inner === 'object' && typeof (inner as SystemError).code === 'string');
  return (first as SystemError | undefined) ?? null;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1']);

function sameHost(a: string, b: string): boolean {
  return a === b || (LOOPBACK.has(a) && LOOPBACK.has(b));
}

/** The one line for a failure to start, or null when the error is not about where the configuration points. */
export function startupFailureMessage(error: unknown, config: Config): string | null {
  const found = systemError(error);
  if (!found) return null;
  const { code, syscall } = found;
  const where = `${config.HOST}:${config.PORT}`;
  if (syscall === 'listen' || (syscall === 'getaddrinfo' && found.hostname === config.HOST)) {
    if (code === 'EADDRINUSE') return `PORT: port ${config.PORT} is already in use on ${config.HOST} (another Sahay or another program). Stop that program, or start on a free port, e.g. PORT=${config.PORT === 3000 ? 3001 : config.PORT + 1} npm start.`;
    if (code === 'EACCES') return `PORT: port ${config.PORT} needs privileges this user does not have. Choose a port above 1023 (the default is 3000), behind a reverse proxy for 80 and 443.`;
    if (code === 'EADDRNOTAVAIL') return `HOST: ${config.HOST} is not an address of this machine, so the server cannot listen on ${where}. Use 0.0.0.0 (every interface), 127.0.0.1 (this machine only), or one of this machine's addresses.`;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `HOST: there is no host named ${config.HOST}, so the server cannot listen on it. Use 0.0.0.0 (every interface), 127.0.0.1 (this machine only), or one of this machine's addresses or names.`;
    return null;
  }
  const targets = targetsOf(config);
  if (syscall === 'getaddrinfo' && (code === 'ENOTFOUND' || code === 'EAI_AGAIN')) {
    const target = targets.find((candidate) => candidate.host === found.hostname);
    if (target) return `${target.variable}: there is no host named ${target.host}${code === 'EAI_AGAIN' ? ' (the name could not be looked up now)' : ''}, where ${target.what} should be. Correct the host name in ${target.variable}.`;
    return null;
  }
  if (syscall === 'connect' && ['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code ?? '')) {
    const target =
      targets.find((candidate) => candidate.port === found.port && sameHost(candidate.host, found.address ?? '')) ??
      targets.find((candidate) => candidate.port === found.port);
    if (!target) return null;
    const why = code === 'ECONNREFUSED' ? 'nothing answers' : code === 'ETIMEDOUT' ? 'no answer in time' : 'no route to it';
    return `${target.variable}: ${why} at ${target.host}:${target.port} (${code}), where ${target.what} should be. ${capitalise(target.remedy)}.`;
  }
  return null;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Connects to a host and port once: null when something accepts, else the system error (for a
 * service whose client retries without end and so never throws, as Redis's does).
 */
export function probeTcp(host: string, port: number, timeoutMs = 3_000): Promise<SystemError | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (result: SystemError | null) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done({ code: 'ETIMEDOUT', syscall: 'connect', address: host, port }));
    socket.once('connect', () => done(null));
    socket.once('error', (error: SystemError) => done(systemError(error) ?? { code: 'ECONNREFUSED', syscall: 'connect', address: host, port }));
  });
}

/**
 * With REDIS_URL set: throws an error startupFailureMessage names when nothing at all is there
 * (refused, no such host). Called before the queue's client exists, whose retries would fill the
 * log first.
 */
export async function assertQueueHostAnswers(config: Config): Promise<void> {
  if (config.queue.kind !== 'bullmq') return;
  const target = targetOf('REDIS_URL', config.queue.url, 'Redis', '')!;
  const refused = await probeTcp(target.host, target.port);
  if (refused) throw Object.assign(new Error(`Redis at ${target.host}:${target.port}: ${refused.code}`), { ...refused, port: refused.port ?? target.port });
}

/**
 * With REDIS_URL set, waits up to `waitMs` for Redis to answer a ping; a StartupFailure when what is
 * there does not. Later outages are lived through (jobs wait in the event store); only a start
 * without a working Redis stops. 20 s, not 5: a replica started again on a busy host (a rolling
 * restart under load, in a CI-shaped run on a shared machine) gave up on a Redis that was there.
 * Something that is not Redis at all still stops the start, 20 s later.
 */
export async function assertQueueReachable(config: Config, isReachable: () => Promise<boolean>, waitMs = 20_000): Promise<void> {
  if (config.queue.kind !== 'bullmq') return;
  const target = targetOf('REDIS_URL', config.queue.url, 'Redis', '')!;
  const until = Date.now() + waitMs;
  do {
    if (await isReachable()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  } while (Date.now() < until);
  throw new StartupFailure(
    `REDIS_URL: something accepts connections at ${target.host}:${target.port} but does not answer as Redis (a wrong port, TLS where rediss:// is needed, or a password missing from the URL). Correct REDIS_URL.`,
  );
}

/** A failure to start whose message is already the one line to print. */
export class StartupFailure extends Error {
  override name = 'StartupFailure';
}
