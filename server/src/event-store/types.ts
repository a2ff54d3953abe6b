import type { Queryable } from '#server/db/db';

/** Who did it and in answer to what. Never personal data (rule 9). */
export interface EventMetadata {
  /** A user ID, or 'system'. */
  actor: string;
  correlationId: string;
  causationId?: string | null;
  /** The client's address: given by a request, stored apart in request_addresses, never in the event. */
  ip?: string | null;
  /** The W3C traceparent of the append's span, while tracing is on (docs/decisions/077): its jobs continue that trace. */
  traceparent?: string;
}

/** A fact as a module declares it: a past-tense type and its data. Modules' unions are made of these. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  /** Defaults to the type's current version in the upcaster registry (1 when none). */
  schemaVersion?: number;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  globalPosition: number;
  eventId: string;
  streamId: string;
  streamVersion: number;
  type: Type;
  schemaVersion: number;
  data: Data;
  metadata: EventMetadata;
  transactionId: string;
  recordedAt: Date;
}

/** The recorded form of each member of a module's event union, so a `switch` on `type` narrows `data`. */
export type Recorded<E extends DomainEvent> = E extends DomainEvent ? RecordedEvent<E['type'], E['data']> : never;

/**
 * What the writer believes about the stream: it does not exist yet, it exists (any version),
 * or it is at exactly this version. Anything else is a concurrency conflict.
 */
export type ExpectedVersion = 'no_stream' | 'stream_exists' | 'any' | number;

export interface StreamAppend {
  streamId: string;
  expected: ExpectedVersion;
  events: readonly NewEvent[];
}

/** Maps a projection's logical table names to the real ones (live, or fresh tables during replay). */
export type TableNames<T extends string = string> = Record<T, string>;

export interface ProjectionContext<T extends string = string> {
  tx: Queryable;
  tables: TableNames<T>;
  /** Decrypts a personal-data blob; null when the person's key has been erased. */
  reveal<V>(sealed: unknown): Promise<V | null>;
  /**
   * The keyed hash of a value under the CURRENT blind-index key (PersonalDataVault.blindIndex). A
   * read model computes its lookup hashes with it rather than copying one recorded in an event, so
   * replay after a key change rebuilds what the re-indexed live table holds (decision 019).
   */
  blindIndex(purpose: string, value: string): string;
}

/**
 * A read model kept in step with the events. Inline projections run in the append's transaction;
 * the same apply runs during replay into fresh tables. apply must never throw on a recorded event.
 */
export interface Projection<T extends string = string, E extends DomainEvent = DomainEvent> {
  name: string;
  /** Logical names of the tables it owns; replay creates `replay_<name>` copies of each. */
  tables: readonly T[];
  /** Event types it reacts to; others are never passed to apply. */
  handles: readonly E['type'][];
  /** Receives only events whose type is in `handles`, typed by the module's event union. */
  apply(event: Recorded<E>, context: ProjectionContext<T>): Promise<void>;
  /** Scrubs a person's data when their key is erased (rule 9). */
  erase?(subjectId: string, context: ProjectionContext<T>): Promise<void>;
}

/** Narrows a recorded event to a module's union by its type, checked at run time. */
export function isEventOf<E extends DomainEvent>(event: RecordedEvent, types: readonly E['type'][]): event is Recorded<E> {
  return (types as readonly string[]).includes(event.type);
}

/** What a module's reindex hook gets: the runner's transaction and the current keys. */
export interface ReindexContext extends Omit<ProjectionContext, 'tables'> {
  log: (message: string) => void;
}
