import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '#server/config';
import type { Db } from '#server/db/db';
import { migrateOnStart } from '#server/db/migrate';
import { lockDataDir, openPglite } from '#server/db/pglite';
import { connectPostgres } from '#server/db/postgres';
import { EventStore } from '#server/event-store/event-store';
import { resealClearEvents, runKeyMigrations } from '#server/event-store/sealing/key-migration';
import { assertMasterKeyMatches, recordMasterKeyCheck } from '#server/event-store/sealing/master-key-check';
import { PersonalDataVault } from '#server/event-store/sealing/personal-data';
import { UpcasterRegistry } from '#server/event-store/upcasters';
import { createFileStore, type FileStore } from '#server/files/file-store';
import { createMailer } from '#server/lib/create-mailer';
import type { Mailer } from '#server/lib/mailer';
import { countSend, mailsSent, smsSent } from '#server/lib/metrics';
import { deliveryHealthRecorder } from '#server/lib/delivery-health';
import { createSms, type SmsSender } from '#server/lib/sms';
import { inSpan, startTracing } from '#server/lib/tracing';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '#server/lib/rate-limit';
import type { SahayModule } from '#server/modules/module';
import { SessionCache } from '#server/modules/identity/identity.api';
import { sahayModules } from '#server/modules/registry';
import { createQueue } from '#server/queue/create-queue';
import type { JobQueue } from '#server/queue/queue';
import type { Services } from '#server/services';

// The composition root: opens the database, checks the master key, migrates, and wires every module
// into one Services. Only entry points (server, worker, tools, tests) import it.

/** Well above the time a donor's code request takes (a transaction of a few statements). */
export const DEFAULT_ANSWER_FLOOR_MS = 300;

export interface MasterKey {
  key: Buffer;
  /**
   * Writes a key made now to master.key; nothing when the key came from SAHAY_MASTER_KEY or the
   * file. Called only once the database took the key (assertMasterKeyMatches), so a missing or
   * wrong key on a database that holds sealed data leaves no new key file behind (decision 044).
   */
  keep(): void;
}

/**
 * The master key wraps every person's data key. Production takes it from SAHAY_MASTER_KEY; the
 * embedded default makes one on first start and keeps it beside the database — written by
 * `keep()`, after the check, not here.
 */
export function loadMasterKey(config: Config): MasterKey {
  if (config.SAHAY_MASTER_KEY) return { key: Buffer.from(config.SAHAY_MASTER_KEY, 'base64'), keep: () => {} };
  const file = path.join(config.dataDir, 'master.key');
  if (fs.existsSync(file)) return { key: Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64'), keep: () => {} };
  const key = crypto.randomBytes(32);
  return {
    key,
    keep: () => {
      fs.mkdirSync(config.dataDir, { recursive: true });
      fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    },
  };
}

/** Appended by each module for its own subjects (decision 019): of no one module. */
const EVERY_MODULES_EVENT = 'PersonalDataErased';

/**
 * Which module each event type is of, for sahay_events_appended_total: the module that declares its
 * schema, else the first module (in the registry's order) whose inline projections handle it. A module
 * keeps its own read models in step with its events, and the registry lists a type's own module
 * before any other that reads it inline: identity before community (AccountRegistered), donations
 * before fundraisers (DonationPledged, …Verified, …Cancelled); module-of-event-type.test.ts holds
 * each such type to its module. PersonalDataErased, which each module appends for its own subjects,
 * and a type no module reads count as `other`.
 */
export function moduleOfEventType(modules: readonly SahayModule[]): Map<string, string> {
  const readers = new Map<string, string>();
  for (const module of modules) {
    for (const projection of module.inlineProjections ?? []) {
      for (const type of projection.handles) if (!readers.has(type)) readers.set(type, module.name);
    }
  }
  readers.delete(EVERY_MODULES_EVENT);
  const owners = new Map<string, string>(readers);
  for (const module of modules) for (const schema of module.eventSchemas ?? []) owners.set(schema.type, module.name);
  return owners;
}

type DeliveryRecorder = ReturnType<typeof deliveryHealthRecorder>;

/** Sends through `send`, counting the outcome in /metrics and telling delivery_health (decision 073). */
async function watchedSend(counter: typeof mailsSent, health: DeliveryRecorder, send: () => Promise<void>): Promise<void> {
  try {
    await countSend(counter, send);
  } catch (error) {
    await health.failed(error);
    throw error;
  }
  await health.succeeded();
}

/**
 * The mailer, counting each mail sent or failed (sahay_mails_total) and whether mail gets out, in a
 * span while tracing is on: the transport and the number of attachments, never the address or subject.
 */
function watchedMailer(mailer: Mailer, health: DeliveryRecorder): Mailer {
  return {
    kind: mailer.kind,
    send: (message) =>
      inSpan('mail.send', { 'sahay.mail.transport': mailer.kind, 'sahay.mail.attachments': message.attachments?.length ?? 0 }, () =>
        watchedSend(mailsSent, health, () => mailer.send(message)),
      { kind: 'client' }),
    close: () => mailer.close(),
  };
}

/** The SMS sender, counting each message sent or failed (sahay_sms_total) and whether messages get out; a span with the provider only. */
function watchedSms(sms: SmsSender, health: DeliveryRecorder): SmsSender {
  return { kind: sms.kind, send: (message) => inSpan('sms.send', { 'sahay.sms.provider': sms.kind }, () => watchedSend(smsSent, health, () => sms.send(message)), { kind: 'client' }) };
}

export interface CreateServicesOptions {
  config: Config;
  log: Logger;
  /** Who opens the database; named in the embedded lock file. */
  owner: string;
  /** Test hook: use this database instead of opening one from the config. */
  db?: Db;
  masterKey?: Buffer;
  mailer?: Mailer;
  sms?: SmsSender;
  /** Test hook: a file store other than the one the config names. */
  files?: FileStore;
  modules?: readonly SahayModule[];
  limits?: RateLimits;
  answerFloorMs?: number;
  now?: () => Date;
  /** Whether this process runs jobs itself (embedded server, worker) or only enqueues them. */
  runsJobs: boolean;
}

export async function createServices(options: CreateServicesOptions): Promise<Services> {
  const { config, log } = options;
  const modules = options.modules ?? sahayModules;
  let unlock: (() => void) | undefined;
  let db = options.db;
  if (!db) {
    if (config.database.kind === 'pglite') {
      unlock = lockDataDir(config.dataDir, options.owner);
      db = await openPglite(config.database.dir);
    } else {
      db = connectPostgres(config.database.url, { poolSize: config.DATABASE_POOL_SIZE, applicationName: `sahay-${options.owner}` });
    }
  }
  // Traces while OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/decisions/077); stopped, after a last flush, by close().
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME ?? `sahay-${options.owner.replace(/[^A-Za-z0-9_.-]/g, '-')}` })
    : null;
  const masterKey: MasterKey = options.masterKey ? { key: options.masterKey, keep: () => {} } : loadMasterKey(config);
  const vault = new PersonalDataVault(masterKey.key);
  // A test's own database is not checked: a key made now is kept at once, as before.
  if (options.db) masterKey.keep();
  if (!options.db) {
    // SQL migrations, then the key migrations that need the master key (decision 019). A process
    // that cannot start must not keep the pool (or the embedded database's lock) open behind it.
    try {
      const ownerUrl = config.database.kind === 'postgres' ? config.database.ownerUrl : undefined;
      const url = config.database.kind === 'postgres' ? config.database.url : undefined;
      // Another master key than the database's: refused before anything is written (decision 044).
      await assertMasterKeyMatches(db, vault);
      masterKey.keep();
      await migrateOnStart(db, { url, ownerUrl, log: (message) => log.debug(message) });
      await runKeyMigrations({ db, vault, modules, now: options.now ?? (() => new Date()), log: (message) => log.info(message) });
      await recordMasterKeyCheck(db, vault);
      // The embedded database has one role, the owner: personal data old versions wrote in clear is
      // resealed as it starts. On PostgreSQL the app's role may not, so `npm run migrate` does it (decision 041).
      if (config.database.kind === 'pglite') {
        const resealed = await resealClearEvents(db, vault, modules);
        if (resealed > 0) log.info({ resealed }, 'events holding personal data in clear resealed');
      }
    } catch (error) {
      await db.close().catch(() => {});
      unlock?.();
      await tracing?.shutdown();
      throw error;
    }
  }
  const upcasters = new UpcasterRegistry().register(...modules.flatMap((module) => module.eventSchemas ?? []));
  const eventStore = new EventStore({
    db,
    vault,
    upcasters,
    inlineProjections: modules.flatMap((module) => module.inlineProjections ?? []),
    asyncProjections: modules.flatMap((module) => module.asyncProjections ?? []),
    moduleOfType: moduleOfEventType(modules),
  });
  const now = options.now ?? (() => new Date());
  const mailer = watchedMailer(options.mailer ?? createMailer(config, log), deliveryHealthRecorder(db, 'mail', log, now));
  const sms = watchedSms(options.sms ?? createSms(config, log), deliveryHealthRecorder(db, 'sms', log, now));
  const files = options.files ?? createFileStore({ config: config.files, db, vault, log, now });
  const jobHandlers = modules.flatMap((module) => module.jobs ?? []);
  const database = db;
  const sessions = new SessionCache(db, {
    onListenError: (error) => log.warn({ err: error }, 'session cache: not listening for changed sessions; every request asks the database until it listens again'),
  });
  // Jobs get the services themselves (a test may swap the mailer, say, and jobs see it), so the
  // queue is made once they exist.
  let queue!: JobQueue;
  const services: Services = {
    config,
    log,
    db: database,
    vault,
    eventStore,
    files,
    mailer,
    sms,
    modules,
    jobHandlers,
    limits: options.limits ?? DEFAULT_RATE_LIMITS,
    answerFloorMs: options.answerFloorMs ?? DEFAULT_ANSWER_FLOOR_MS,
    sessions,
    now,
    get queue() {
      return queue;
    },
    set queue(replacement) {
      queue = replacement;
    },
    async close() {
      await sessions.stop();
      await queue.close();
      mailer.close();
      files.close();
      if (!options.db) await database.close();
      unlock?.();
      await tracing?.shutdown();
    },
  };
  queue = createQueue({
    config,
    log,
    runsJobs: options.runsJobs,
    handlers: jobHandlers,
    schedules: modules.flatMap((module) => module.schedules ?? []),
    context: services,
    now,
  });
  for (const module of modules) await module.seed?.(services);
  return services;
}
