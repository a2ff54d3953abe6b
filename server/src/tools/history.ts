import { pathToFileURL } from 'node:url';
import type { EventStore } from '#server/event-store/event-store';
import { formatHistory, requestAddresses, streamHistory } from '#server/event-store/stream-history';
import { donationStreamId } from '#server/modules/donations/donations.api';
import { helpStreamId } from '#server/modules/help/help.api';
import { USER_ID_PATTERN } from '#server/modules/identity/fields.schema';
import { userStreamId } from '#server/modules/identity/identity.api';
import { kanyadanStreamId } from '#server/modules/kanyadan/kanyadan.api';
import { REG_NO_PATTERN } from '#server/modules/kanyadan/kanyadan-rules.schema';
import { REFERENCE_ALPHABET } from '#server/shared/references';
import { openToolServices } from './open-services.ts';

export { ERASED, formatHistory, requestAddresses, revealDeep, streamHistory, type StreamHistory } from '#server/event-store/stream-history';

const USAGE = `Usage: npm run history -- <what> [--as-of <ISO time>] [--with-ip]

<what> is what people see: a donation reference (TK6V-R4WC), a help request number, a Kanyadan
registration number (KNYDN1234567), a user ID (SH1234567); or a stream ID (donation-TK6VR4WC).

Prints a stream's events with their actors and times (personal fields revealed, or [erased] when
the person's key is gone), then the read-model rows those events alone produce as of that time.
--with-ip adds the client address each request came from, where it is still kept (90 days): it is
personal data, for looking into abuse only (docs/decisions/022).`;

export type HistoryArgs = { streamId: string; asOf?: Date; withIp?: true } | { error: string } | { help: true };

export function parseHistoryArgs(argv: readonly string[]): HistoryArgs {
  if (argv.includes('--help') || argv.includes('-h')) return { help: true };
  let streamId: string | undefined;
  let asOf: Date | undefined;
  let withIp = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--with-ip') {
      withIp = true;
    } else if (arg === '--as-of' || arg.startsWith('--as-of=')) {
      const value = arg === '--as-of' ? argv[++index] : arg.slice('--as-of='.length);
      if (!value) return { error: '--as-of needs a time, e.g. 2025-01-31T18:30:00Z' };
      // Only ISO 8601 dates and times: Date.parse accepts much else, differently between engines.
      if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) || Number.isNaN(Date.parse(value))) {
        return { error: `Not an ISO time: ${value}` };
      }
      asOf = new Date(value);
    } else if (arg.startsWith('-')) {
      return { error: `Unknown option ${arg}` };
    } else if (streamId === undefined) {
      streamId = arg;
    } else {
      return { error: 'Only one record at a time.' };
    }
  }
  if (!streamId) return { error: 'Say which record: a donation reference, a help request or Kanyadan number, a user ID, or a stream ID.' };
  return { streamId, ...(asOf ? { asOf } : {}), ...(withIp ? { withIp: true as const } : {}) };
}
/** A short reference as people write it: 8 letters and digits of the references' alphabet, with a dash or spaces anywhere. */
const SHORT_REFERENCE = new RegExp(`^[${REFERENCE_ALPHABET}]{8}$`);
/** A stream ID as the event store names it: a lower-case type, a dash, the rest. */
const STREAM_ID = /^[a-z][a-z_]*-\S+$/;

/**
 * The streams `what` may name, most likely first (issue 36: people have a donation's TK6V-R4WC,
 * not its stream ID donation-TK6VR4WC). A donation reference and a help request number have the
 * same shape, and so do some user IDs and a Kanyadan number: each is tried; the ones that exist win.
 */
export function candidateStreams(what: string): Array<{ streamId: string; what: string }> {
  const candidates: Array<{ streamId: string; what: string }> = [];
  const given = what.trim();
  if (STREAM_ID.test(given)) candidates.push({ streamId: given, what: 'stream' });
  const compact = given.replace(/[\s-]/g, '').toUpperCase();
  if (SHORT_REFERENCE.test(compact)) {
    candidates.push({ streamId: donationStreamId(compact), what: 'donation' }, { streamId: helpStreamId(compact), what: 'help request' });
  }
  if (REG_NO_PATTERN.test(compact)) candidates.push({ streamId: kanyadanStreamId(compact), what: 'Kanyadan application' });
  if (USER_ID_PATTERN.test(compact)) candidates.push({ streamId: userStreamId(compact), what: 'user' });
  return candidates;
}

/** The one stream `what` names, or why there is none (nothing, or several to choose from). */
export async function resolveStream(eventStore: Pick<EventStore, 'streamVersion'>, what: string): Promise<{ streamId: string } | { error: string }> {
  const candidates = candidateStreams(what);
  const found = [];
  for (const candidate of candidates) if ((await eventStore.streamVersion(candidate.streamId)) !== null) found.push(candidate);
  if (found.length === 1) return { streamId: found[0]!.streamId };
  if (found.length > 1) return { error: `${what} names several records: ${found.map((candidate) => `${candidate.what} ${candidate.streamId}`).join(', ')}. Give the stream ID.` };
  if (candidates.length === 0) return { error: `No stream named ${what}, and it is not a donation reference, help request number, Kanyadan registration number or user ID.` };
  return { error: `No stream named ${what} (looked for ${candidates.map((candidate) => candidate.streamId).join(', ')}).` };
}

export async function main(argv: readonly string[]): Promise<number> {
  const args = parseHistoryArgs(argv);
  if ('help' in args) {
    console.log(USAGE);
    return 0;
  }
  if ('error' in args) {
    console.error(`${args.error}\n\n${USAGE}`);
    return 2;
  }
  const services = await openToolServices('history');
  if ('exitCode' in services) return services.exitCode;
  try {
    const resolved = await resolveStream(services.eventStore, args.streamId);
    if ('error' in resolved) {
      console.error(resolved.error);
      return 1;
    }
    const history = await streamHistory(services, resolved.streamId, args.asOf);
    if (!history) {
      console.error(`No stream named ${resolved.streamId}.`);
      return 1;
    }
    if (args.withIp) {
      history.addresses = await requestAddresses(services.db, history.events.map((event) => event.metadata.correlationId));
      console.error('Client addresses are personal data: for looking into abuse only. Those older than 90 days are gone.');
    }
    console.log(formatHistory(history));
    return 0;
  } finally {
    await services.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
