import { pathToFileURL } from 'node:url';
import { formatHistory, requestAddresses, streamHistory } from '#server/event-store/stream-history';
import { openToolServices } from './open-services.ts';

export { ERASED, formatHistory, requestAddresses, revealDeep, streamHistory, type StreamHistory } from '#server/event-store/stream-history';

const USAGE = `Usage: npm run history -- <streamId> [--as-of <ISO time>] [--with-ip]

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
      return { error: 'Only one stream ID.' };
    }
  }
  if (!streamId) return { error: 'A stream ID is required.' };
  return { streamId, ...(asOf ? { asOf } : {}), ...(withIp ? { withIp: true as const } : {}) };
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
    const history = await streamHistory(services, args.streamId, args.asOf);
    if (!history) {
      console.error(`No stream named ${args.streamId}.`);
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
