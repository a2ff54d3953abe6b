import type { Request, Response } from 'express';
import type { ZodType } from 'zod';
import type { Logger } from 'pino';
import type { Config } from '#server/config';
import type { Db, Queryable } from '#server/db/db';
import type { EventStore } from '#server/event-store/event-store';
import type { PersonalDataVault } from '#server/event-store/sealing/personal-data';
import type { DomainEvent, Projection, ReindexContext } from '#server/event-store/types';
import type { EventSchema } from '#server/event-store/upcasters';
import type { FileStore } from '#server/files/file-store';
import type { Mailer } from '#server/lib/mailer';
import type { RateLimits } from '#server/lib/rate-limit';
import type { SmsSender } from '#server/lib/sms';
import type { SessionUser } from '#server/shared/access';
import type { Cause } from '#server/shared/causes';
import type { JobHandler, JobQueue, ScheduledJob } from '#server/queue/queue';
import type { AccessPolicy } from '#server/http/access-policy';

// The types the platform and the modules share, which refer to each other: Services (what every
// request, job and tool is handed) and SahayModule (what a module gives the platform). This file
// imports no module's code; create-services.ts is the composition root that builds Services (issue 30).

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
  /**
   * The shortest time an answer that must not tell who is a donor takes (a statement code asked
   * for: decision 049): both paths wait until then, so their timing is the same. Tests pass 0.
   */
  answerFloorMs: number;
  /** Resolves a request's session token to its user; keeps them a few seconds (docs/decisions/038). */
  sessions: SessionResolver;
  /** The clock; tests inject their own. */
  now(): Date;
  close(): Promise<void>;
}


/** Resolves a request's session token to who is asking (identity's SessionCache). */
export interface SessionResolver {
  resolve(token: string, now: Date): Promise<SessionUser | null>;
  stop(): Promise<void>;
}

/**
 * A feature slice's only public face (ARCHITECTURE.md, Folders). The tRPC routers are composed
 * statically in trpc/router.ts so their types flow to the client; everything else is listed here.
 */
export interface SahayModule {
  name: string;
  /** Read models updated in the append's transaction: what a request must see at once (docs/decisions/015). */
  inlineProjections?: readonly Projection[];
  /** Read models an async processor keeps up to date shortly after the commit: what no request needs at once. */
  asyncProjections?: readonly Projection[];
  /** Event schemas with their upcasters. */
  eventSchemas?: readonly EventSchema[];
  /** Handlers the relay turns events into jobs for. */
  jobs?: readonly JobHandler[];
  /** Jobs run on a timer through the same queue (docs/decisions/020). */
  schedules?: readonly ScheduledJob[];
  /** Records what a fresh database needs (seed content). Idempotent; runs when a process starts. */
  seed?: (services: Services) => Promise<void>;
  /**
   * The module's REST routes under /api, each declared once beside its handler (http/rest-route.ts,
   * docs/decisions/051); the Express router, the OpenAPI document and the access tests come from them.
   * Listed in the order Express must try them (a literal path before a parameter in the same place).
   */
  rest?: readonly RestRoute[];
  /**
   * Recomputes the blind indexes (context.blindIndex) the module's read models hold, after the
   * blind-index key changed (docs/decisions/019). The key migration calls it once per key, in one
   * transaction (context.tx) that also records the key, before the process serves anything.
   */
  reindex?: (context: ReindexContext) => Promise<void>;
  /**
   * Seals in place what older versions wrote in clear in this module's events (docs/decisions/041);
   * `npm run migrate` runs it once per process as the owner of the tables. Returns how many events it resealed.
   */
  reseal?: (context: { tx: Queryable; vault: PersonalDataVault }) => Promise<number>;
  /** What of a person this module holds, erased with the rest of them in one action (issue 29). */
  erasure?: ErasurePart;
  /** The module's records a donor may give for (help requests): donations asks through this, without importing the module. */
  giftTarget?: GiftTarget;
  /** Members' fundraisers a donor may give through (issue 33): donations asks through this, without importing the module. */
  fundraiserTarget?: FundraiserTarget;
}

/**
 * One REST route, as http/rest-route.ts's `defineRestRoute` declares it: what the OpenAPI document
 * says of it, the policy the router enforces before the handler runs, and the handler.
 */
export interface RestRoute {
  method: 'get' | 'post' | 'put';
  /** In the document's form, `/api/users/{id}`; Express serves it as `/users/:id` under /api. */
  path: string;
  summary: string;
  /** Who may call it (see AccessPolicy): enforced by the router before the handler runs. */
  auth: AccessPolicy;
  /** For an owner policy: the refusal (403) another member gets. */
  notYours?: string;
  /** The path's parameters as the handler reads them (an object schema naming each `{…}` of the path). */
  params?: ZodType;
  request?: ZodType;
  /** The original site's names for fields of the JSON body, accepted beside ours (name sent → our name). */
  aliases?: Readonly<Record<string, string>>;
  /** A multipart upload instead of a JSON body: the name of its one file field. */
  fileField?: string;
  /** With fileField: the file may be left out (the other form fields are `request`, also accepted as JSON). */
  isFileOptional?: boolean;
  /** A multipart form of several files (and the text fields of `request`), never JSON. */
  formFiles?: readonly { name: string; required: boolean }[];
  /** Query parameters, from an object schema. */
  query?: ZodType;
  /** The JSON answer; none for a 204. */
  response?: ZodType;
  /** A binary answer (an image, a PDF, a CSV) instead of JSON. */
  produces?: string | readonly string[];
  /** Served before the session middleware (no cookie is read): no CSRF refusal, and no caller. */
  isSessionless?: boolean;
  /** With isSessionless: the body is kept as the raw bytes sent (req.body a Buffer), for a signature over them (a webhook). */
  isRawBody?: boolean;
  status: number;
  errors: readonly number[];
  handler: (call: RestCall) => Promise<void>;
}

/** What the router hands a REST handler, once the route's policy let the caller in. */
export interface RestCall {
  req: Request;
  res: Response;
  services: Services;
  /** The caller the policy let in; null only on a public route called by a visitor. */
  user: SessionUser | null;
  /** The page names the web build declares (the web-vitals report names one of them). */
  pages: ReadonlySet<string>;
}

/**
 * Records a gift may be given for, kept by another module than donations (a help request): a pledge
 * for one asks the module that owns it (issue 30: donations does not import help, help depends on donations).
 */
export interface GiftTarget {
  /** The record, open for gifts at `now`, with the cause its gifts count under; an AppError (not found, not open) otherwise. */
  findOpen(db: Queryable, id: string, now: Date): Promise<{ id: string; cause: Cause }>;
}

/** A member's fundraiser a gift is given through (issue 33): approved and open at `now`, for a cause or a help request. */
export interface FundraiserTarget {
  /** An AppError (not found, not open) otherwise. */
  findOpen(db: Queryable, id: string, now: Date): Promise<{ id: string; cause: Cause; helpRequestId: string | null }>;
}

/**
 * Who is erased (issue 29): an account, or a donor who never had one, known by the e-mail addresses
 * (lower case) and phones (10 digits) they gave. An account's own contacts are among `contacts`.
 */
export interface ErasureTarget {
  userId: string | null;
  contacts: readonly string[];
}

/** A record kept despite an erasure because the law says so, and until when (a PII-free summary). */
export interface ErasureKept {
  /** What it is, e.g. `donation-receipt`. */
  kind: string;
  /** The record's non-personal reference (a donation's reference and receipt serial). */
  reference: string;
  /** Why it is kept: the rule that requires it. */
  why: string;
  /** YYYY-MM-DD: the day it is shredded. */
  keptUntil: string;
}

/** What a module found of a person, read inside the erasure's transaction. */
export interface ErasureFound {
  /**
   * The module's streams whose subject is erased, with the version read: each gets a
   * PersonalDataErased (its inline projections scrub their rows as they see it) appended at exactly
   * that version, so a record changed meanwhile makes the erasure read and decide again.
   */
  streams: Record<string, number | null>;
  /** Events to record on those streams before the erasure (a retention record), by stream. */
  before?: Record<string, readonly DomainEvent[]>;
  /** Per kind of record, how many were erased (for the erasure's record; no personal data). */
  counts: Record<string, number>;
  kept: readonly ErasureKept[];
  /** In the same transaction after the events: destroy keys, remove files, delete the rows that are not projections. */
  shred(tx: Queryable): Promise<void>;
}

export interface ErasurePart {
  find(services: Services, tx: Queryable, target: ErasureTarget): Promise<ErasureFound>;
}
