import { pathToFileURL } from 'node:url';
import { type ProjectionReplay, replayAndCompare, UnknownProjectionError } from '#server/event-store/replay';
import { openToolServices } from './open-services.ts';

const USAGE = `Usage: npm run replay -- [projection]

Rebuilds every inline projection (or the one named) from the events into fresh tables, compares
them with the live tables, prints the rows that differ, and exits 1 on any difference (0 if none).
Nothing else happens while rebuilding: no job is enqueued, no mail sent.`;

export function parseReplayArgs(argv: readonly string[]): { projection?: string } | { error: string } | { help: true } {
  if (argv.includes('--help') || argv.includes('-h')) return { help: true };
  const flags = argv.filter((arg) => arg.startsWith('-'));
  if (flags.length > 0) return { error: `Unknown option ${flags[0]}` };
  if (argv.length > 1) return { error: 'At most one projection name.' };
  return argv[0] === undefined ? {} : { projection: argv[0] };
}

export function formatReplay(results: readonly ProjectionReplay[]): string {
  const lines: string[] = [];
  for (const result of results) {
    const status = result.differences.length === 0 ? 'same' : 'DIFFERENT';
    lines.push(`${result.projection}: ${result.events} events replayed — ${status}`);
    for (const difference of result.differences) {
      lines.push(`  table ${difference.table}: ${difference.onlyInLiveCount} rows only in live, ${difference.onlyInReplayCount} only in replay`);
      for (const row of difference.onlyInLive) lines.push(`    live only:   ${JSON.stringify(row)}`);
      if (difference.onlyInLiveCount > difference.onlyInLive.length) lines.push(`    … ${difference.onlyInLiveCount - difference.onlyInLive.length} more`);
      for (const row of difference.onlyInReplay) lines.push(`    replay only: ${JSON.stringify(row)}`);
      if (difference.onlyInReplayCount > difference.onlyInReplay.length) lines.push(`    … ${difference.onlyInReplayCount - difference.onlyInReplay.length} more`);
    }
  }
  if (results.length === 0) lines.push('No inline projections to replay.');
  return lines.join('\n');
}

export async function main(argv: readonly string[]): Promise<number> {
  const args = parseReplayArgs(argv);
  if ('help' in args) {
    console.log(USAGE);
    return 0;
  }
  if ('error' in args) {
    console.error(`${args.error}\n\n${USAGE}`);
    return 2;
  }
  const services = await openToolServices('replay');
  if ('exitCode' in services) return services.exitCode;
  try {
    const results = await replayAndCompare(services, args.projection);
    console.log(formatReplay(results));
    return results.some((result) => result.differences.length > 0) ? 1 : 0;
  } catch (error) {
    if (error instanceof UnknownProjectionError) {
      console.error(error.message);
      return 2;
    }
    throw error;
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
