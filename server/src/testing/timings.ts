/**
 * Where a test file's time goes, for `npm run bench:tests` (bench/test-suite). Test helpers note
 * the time they spend making databases; the setup file (timings.setup.ts) takes the totals when a
 * file ends. Module state, so one file's figures never mix with another's: taking resets them.
 */
interface Spent {
  databaseMs: number;
  /** This process's CPU time meanwhile (PGlite's work; PostgreSQL's is the server's). */
  databaseCpuMs: number;
  databases: number;
}

let spent: Spent = { databaseMs: 0, databaseCpuMs: 0, databases: 0 };

/** Runs `make` (which makes a test database) and notes its wall and CPU time. */
export async function timeDatabaseMade<T>(make: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  const cpuAtStart = process.cpuUsage();
  const made = await make();
  const cpu = process.cpuUsage(cpuAtStart);
  spent.databaseMs += performance.now() - startedAt;
  spent.databaseCpuMs += (cpu.user + cpu.system) / 1000;
  spent.databases += 1;
  return made;
}

/** The time noted since the last call, and a fresh start. */
export function takeDatabaseTimings(): Spent {
  const taken = spent;
  spent = { databaseMs: 0, databaseCpuMs: 0, databases: 0 };
  return taken;
}
