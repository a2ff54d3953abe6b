/**
 * Where a test file's time goes, for `npm run bench:tests` (bench/test-suite). Test helpers note
 * the time they spend making databases; the setup file (timings.setup.ts) takes the totals when a
 * file ends. Module state, so one file's figures never mix with another's: taking resets them.
 */
interface Spent {
  databaseMs: number;
  databases: number;
}

let spent: Spent = { databaseMs: 0, databases: 0 };

/** Counts a test database made (created and, unless empty on purpose, migrated) in `ms`. */
export function noteDatabaseMade(ms: number): void {
  spent.databaseMs += ms;
  spent.databases += 1;
}

/** The time noted since the last call, and a fresh start. */
export function takeDatabaseTimings(): Spent {
  const taken = spent;
  spent = { databaseMs: 0, databases: 0 };
  return taken;
}
