import type { Db, Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { inSpan } from '#server/lib/tracing';
import { ConcurrencyError, type EventStore } from './event-store.ts';
import type { Sealed } from './sealing/personal-data.ts';
import { streamVersion } from './queries.ts';
import type { DomainEvent, EventMetadata, Recorded, RecordedEvent, StreamAppend } from './types.ts';

/**
 * The one way a command changes state (ARCHITECTURE.md, event store rule 7; docs/decisions/015).
 *
 * In one transaction: read what the decision needs together with the version of every stream it
 * may write, call the pure decision, append at exactly the versions read (a stream read as absent
 * is appended with `no_stream`), and let the inline projections and `onRecorded` write in the same
 * transaction. When another writer got there first, the append finds a different version and the
 * whole attempt rolls back; the command is read and decided again from the new state — which may
 * now find the work done (no events: a no-op answer) or refuse — a few times with a short random
 * back-off, and then fails with 409 and a message the person can act on.
 *
 * Nothing here appends blindly: the only expectations it produces are an exact version and
 * `no_stream`. See server/src/event-store/blind-appends.test.ts for the few places that may.
 */

export const COMMAND_CONFLICT = 'Someone else changed this at the same time. Please reload and try again.';

/**
 * Attempts in all, the first included. A command that always appends (an upload) can lose to every
 * other writer of its stream once, so a burst of ten at once needs up to ten.
 */
const DEFAULT_ATTEMPTS = 10;

/** What a decision may use besides the state: sealing personal data inside the attempt's transaction. */
export interface DecideTools {
  /** Seals a value under the subject's data key (rule 9); rolled back with the attempt. */
  seal(subjectId: string, value: unknown): Promise<Sealed>;
  /** Opens a sealed value inside the attempt's transaction (null once its key is destroyed). */
  reveal<V>(sealed: unknown): Promise<V | null>;
}

/** Events for one stream, as a multi-stream decision returns them. */
export interface StreamEvents<E extends DomainEvent = DomainEvent> {
  streamId: string;
  events: readonly E[];
}

/** What `read` found: the state to decide on and the version of each stream the decision may write. */
export interface ReadResult<State> {
  state: State;
  /** Stream ID → the version read, or null when the stream does not exist yet. */
  versions: Record<string, number | null>;
}

interface CommonOptions<State> {
  /** Who asks and why: recorded on every event (from the state when it names the actor, as a registration does). */
  metadata: EventMetadata | ((state: State) => EventMetadata);
  /**
   * Runs in the same transaction after the events were appended (never when there were none), for
   * rows that are not events but must change with them (sessions, one-time codes).
   */
  onRecorded?: (tx: Queryable, events: readonly RecordedEvent[], state: State) => Promise<void>;
  /** What the person is told when the attempts run out. */
  conflictMessage?: string;
  attempts?: number;
}

/**
 * A kind of stream, configured once beside its decider (docs/decisions/052): the prefix its IDs
 * start with, and how its events fold into the state its decisions are made on.
 */
export interface StreamType<State, E extends DomainEvent> {
  /** A stream of this type is `prefix + id`. */
  prefix: string;
  /** Folds one recorded event of the stream into the state. */
  evolve: (state: State, event: Recorded<E>) => State;
  initialState: State;
}

export function streamType<State, E extends DomainEvent>(config: StreamType<State, E>): StreamType<State, E> {
  return Object.freeze({ ...config });
}

/** The ID of the stream of this type for `id`. */
export function streamIdOf(type: Pick<StreamType<unknown, DomainEvent>, 'prefix'>, id: string): string {
  return `${type.prefix}${id}`;
}

/** Where a one-stream command's stream and fold come from: its stream type and ID, or (older form) spelled out. */
type StreamSource<State, E extends DomainEvent> =
  | { stream: StreamType<State, E>; id: string }
  | {
      streamId: string;
      /** Folds one recorded event of the module's union into the state. */
      evolve: (state: State, event: Recorded<E>) => State;
      initialState: State;
    };

/** The usual case: one stream, folded with its type's evolve. */
export type StreamCommand<State, E extends DomainEvent> = CommonOptions<State> &
  StreamSource<State, E> & {
    decide: (state: State, tools: DecideTools) => readonly E[] | Promise<readonly E[]>;
    /**
     * The stream as the caller folded it a moment before (foldStream, outside this command), for
     * the first attempt to decide on instead of reading it again. The append is made at that read's
     * version, so a write since then fails it, and the next attempt reads the stream afresh: the
     * same decision on the same state a read inside the transaction would give (a job that reads a
     * stream, works outside any transaction and then records the result: issue 33).
     */
    readBefore?: ReadResult<State>;
  };

function resolved<State, E extends DomainEvent>(source: StreamSource<State, E>): { streamId: string; evolve: StreamType<State, E>['evolve']; initialState: State } {
  if ('stream' in source) return { streamId: streamIdOf(source.stream, source.id), evolve: source.stream.evolve, initialState: source.stream.initialState };
  return source;
}

/**
 * Several streams, or a read model read together with the stream versions it reflects (inline
 * projections are written in the append's transaction, so a row and its stream's version read in
 * one statement agree). Every stream the decision writes must be in `versions`.
 */
export interface ReadCommand<State, E extends DomainEvent> extends CommonOptions<State> {
  read: (tx: Queryable) => Promise<ReadResult<State>>;
  decide: (state: State, tools: DecideTools) => readonly StreamEvents<E>[] | Promise<readonly StreamEvents<E>[]>;
}

export interface CommandResult<State> {
  /** The events recorded by the attempt that succeeded; empty when the decision found nothing to do. */
  events: RecordedEvent[];
  /** The state the decision was made on. */
  state: State;
  /** Each written stream's new version (absent when nothing was written to it). */
  versions: Record<string, number>;
  /** How many attempts it took (1 when no one else wrote meanwhile). */
  attempts: number;
}

export interface CommandServices {
  db: Db;
  eventStore: EventStore;
}

/** Reads the stream of a type inside the transaction and folds it with the type's evolve. */
export function foldStreamOf<State, E extends DomainEvent>(eventStore: EventStore, tx: Queryable, type: StreamType<State, E>, id: string): Promise<ReadResult<State>> {
  return foldStream(eventStore, tx, streamIdOf(type, id), type.evolve, type.initialState);
}

/** Reads a stream inside the transaction and folds it; the version is that of its last event. */
export async function foldStream<State, E extends DomainEvent>(
  eventStore: EventStore,
  tx: Queryable,
  streamId: string,
  evolve: (state: State, event: Recorded<E>) => State,
  initialState: State,
): Promise<ReadResult<State>> {
  const events = await eventStore.readStream(streamId, { db: tx });
  // A stream holds only what its own module's deciders wrote; evolve ignores a type it does not know.
  const state = events.reduce((current, event) => evolve(current, event as Recorded<E>), initialState);
  return { state, versions: { [streamId]: events.at(-1)?.streamVersion ?? null } };
}

function backOff(attempt: number): Promise<void> {
  // Random, so identical requests that collided do not collide again in step; longer each time.
  const ms = Math.floor(Math.random() * 5 * attempt * attempt) + 2;
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A read of several statements sees each at its own moment (READ COMMITTED). Rows that change only
 * together with a stream are consistent with the version read first if that version is still the
 * stream's after the last of them: otherwise another command committed in between, and this
 * attempt starts again rather than decide on a mix of before and after.
 */
async function assertVersionsUnchanged(tx: Queryable, versions: Record<string, number | null>): Promise<void> {
  const streamIds = Object.keys(versions);
  if (streamIds.length === 0) return;
  const { rows } = await tx.query<{ stream_id: string; version: number }>(`SELECT stream_id, version FROM streams WHERE stream_id = ANY($1::text[])`, [streamIds]);
  const current = new Map(rows.map((row) => [row.stream_id, row.version]));
  for (const streamId of streamIds) {
    const expected = versions[streamId] ?? null;
    const actual = current.get(streamId) ?? null;
    if (expected !== actual) throw new ConcurrencyError(streamId, expected ?? 'no_stream', actual);
  }
}

function isStreamCommand<State, E extends DomainEvent>(command: StreamCommand<State, E> | ReadCommand<State, E>): command is StreamCommand<State, E> {
  return 'streamId' in command || 'stream' in command;
}

/**
 * Runs a command: read, decide, append at the versions read; on a conflict, again. While tracing is
 * on, in a `command` span saying how many attempts it took and which event types it recorded.
 */
export function handleCommand<State, E extends DomainEvent>(
  services: CommandServices,
  command: StreamCommand<State, E> | ReadCommand<State, E>,
): Promise<CommandResult<State>> {
  return inSpan('command', {}, async (note) => {
    const result = await runCommand(services, command);
    note.set({ 'sahay.command.attempts': result.attempts, 'sahay.events.count': result.events.length, 'sahay.event.types': [...new Set(result.events.map((event) => event.type))] });
    return result;
  });
}

async function runCommand<State, E extends DomainEvent>(
  services: CommandServices,
  command: StreamCommand<State, E> | ReadCommand<State, E>,
): Promise<CommandResult<State>> {
  const { db, eventStore } = services;
  const attempts = command.attempts ?? DEFAULT_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await db.transaction(async (tx) => {
        const tools: DecideTools = { seal: (subjectId, value) => eventStore.seal(tx, subjectId, value), reveal: (sealed) => eventStore.reveal(tx, sealed) };
        let read: ReadResult<State>;
        let decided: readonly StreamEvents<E>[];
        if (isStreamCommand(command)) {
          const { streamId, evolve, initialState } = resolved(command);
          const before = attempt === 1 ? command.readBefore : undefined;
          if (before && !(streamId in before.versions)) throw new Error(`The read given for ${streamId} is of another stream`);
          read = before ?? (await foldStream(eventStore, tx, streamId, evolve, initialState));
          decided = [{ streamId, events: await command.decide(read.state, tools) }];
        } else {
          read = await command.read(tx);
          await assertVersionsUnchanged(tx, read.versions);
          decided = await command.decide(read.state, tools);
        }
        const appends: StreamAppend[] = decided
          .filter((batch) => batch.events.length > 0)
          .map((batch) => {
            if (!(batch.streamId in read.versions)) {
              throw new Error(`Command wrote to ${batch.streamId} without reading its version first`);
            }
            const version = read.versions[batch.streamId];
            return { streamId: batch.streamId, expected: version ?? 'no_stream', events: batch.events };
          });
        if (appends.length === 0) return { events: [], state: read.state, versions: {}, attempts: attempt };
        const metadata = typeof command.metadata === 'function' ? command.metadata(read.state) : command.metadata;
        const appended = await eventStore.appendInTransaction(tx, appends, metadata);
        await command.onRecorded?.(tx, appended.events, read.state);
        return { events: appended.events, state: read.state, versions: appended.versions, attempts: attempt };
      });
      return result;
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt >= attempts) {
        throw new AppError('CONFLICT', { message: error.message, userMessage: command.conflictMessage ?? COMMAND_CONFLICT, cause: error });
      }
      await backOff(attempt);
    }
  }
}

/**
 * Records events that no decision stands on — a view of personal data, an export — on their
 * stream, after whatever it holds. Appended at the version read, like every append: two at once
 * both land, one after a retry.
 */
export async function recordOnStream<E extends DomainEvent>(services: CommandServices, streamId: string, events: readonly E[], metadata: EventMetadata): Promise<void> {
  await handleCommand<null, E>(services, {
    async read(tx) {
      return { state: null, versions: { [streamId]: await streamVersion(tx, streamId) } };
    },
    decide: () => [{ streamId, events }],
    metadata,
  });
}
