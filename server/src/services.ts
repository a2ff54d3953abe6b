import type { Logger } from 'pino';
import type { Config } from '#server/config';
import type { Db } from '#server/db/db';
import type { EventStore } from '#server/event-store/event-store';
import type { PersonalDataVault } from '#server/event-store/personal-data';
import type { FileStore } from '#server/files/file-store';
import type { Mailer } from '#server/lib/mailer';
import type { RateLimits } from '#server/lib/rate-limit';
import type { SmsSender } from '#server/lib/sms';
import type { SahayModule } from '#server/modules/module';
import type { SessionCache } from '#server/modules/identity/accounts/session-cache';
import type { JobHandler, JobQueue } from '#server/queue/queue';

// The type every module, job and tool is handed. It imports no module's code: the composition root
// that builds it is create-services.ts (issue 30: a module importing this file must not import every module).
/** Everything a request, a job or a tool needs; built once per process. */
export interface Services {
  config: Config;
  log: Logger;
  db: Db;
  vault: PersonalDataVault;
  eventStore: EventStore;
  /** Every stored file (uploads, generated documents), encrypted per subject. */
  files: FileStore;
  queue: JobQueue;
  mailer: Mailer;
  sms: SmsSender;
  modules: readonly SahayModule[];
  jobHandlers: readonly JobHandler[];
  limits: RateLimits;
  /** Resolves a request's session token to its user; keeps them a few seconds (docs/decisions/038). */
  sessions: SessionCache;
  /** The clock; tests inject their own. */
  now(): Date;
  close(): Promise<void>;
}

