import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A module's SQL names only its own tables (ARCHITECTURE.md: "A module never reaches into
// another's tables, nor the event store's"; docs/decisions/052). Who owns a table:
//  - a read model: the module whose projection declares it (`tables: [...]` in its *.projection.ts);
//  - any other table: the list below, which names its one writer;
//  - the event store's tables: the store (server/src/event-store); a module asks its API
//    (event-store/queries.ts), or another module's `<module>.api.ts`.
// Every table a migration creates must have an owner, so a new table fails here until it is given one.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MODULES = path.join(ROOT, 'server/src/modules');
const MIGRATIONS = path.join(ROOT, 'migrations');

const EVENT_STORE = 'event-store';
/** Tables no module may name: the store's, and the server's own infrastructure (files, queue, rate limits). */
const NOT_A_MODULE = new Set([EVENT_STORE, 'server']);

/** Tables that are not a projection's read model, with the one part of the code that writes them. */
const OWNERS_BEYOND_PROJECTIONS: Record<string, string> = {
  events: EVENT_STORE,
  streams: EVENT_STORE,
  data_keys: EVENT_STORE, // the personal-data vault's keys (event-store/sealing/personal-data.ts)
  blind_index_versions: EVENT_STORE,
  request_addresses: EVENT_STORE, // written by the append (docs/decisions/022)
  processor_checkpoints: EVENT_STORE,
  master_key_check: EVENT_STORE,
  files: 'server', // server/src/files
  file_parts: 'server',
  job_effects: 'server', // server/src/queue
  job_failures: 'server',
  job_schedule_slots: 'server',
  rate_limits: 'server', // server/src/http
  sessions: 'identity',
  login_failures: 'identity',
  password_reset_codes: 'identity',
  admin_totp: 'identity',
  admin_totp_setups: 'identity',
  admin_totp_used_steps: 'identity',
  statement_codes: 'donations',
  statement_code_tries: 'donations',
  web_vitals: 'site',
  read_model_checks: 'admin',
  delivery_health: 'server', // server/src/lib/delivery-health.ts: mail and SMS senders record how they fare
  health_alert_mails: 'admin', // admin/health: when each System health alert was last mailed
  backup_status: 'admin', // admin/health: written by the backup service (docker/postgres/record-backup.sql), read by the page
  health_conditions: 'admin', // admin/health: since when a store has been above 80 % of its size
  webhook_health: 'donations', // donations/online: whether the gateway's webhook deliveries are taken
};

/**
 * The only places a module's SQL may name a table it does not own, each with why. Keyed by
 * `<module path>: <table>`.
 */
const EXCEPTIONS: Record<string, string> = {
  'help/reseal-help-text.ts: events':
    'a one-off data migration run by `npm run migrate` as the tables\' owner: it rewrites version-1 help events in place (sealing clear text), which the store\'s API deliberately never offers',
};

export interface SourceFile {
  /** Path under server/src/modules, with '/' separators. */
  file: string;
  text: string;
}

/** The tables named after FROM, JOIN, INTO, UPDATE, DELETE FROM or TRUNCATE (SQL here is written upper-case in template strings). */
export function tablesNamedIn(text: string, knownTables: ReadonlySet<string>): string[] {
  const named = new Set<string>();
  for (const match of text.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE|TRUNCATE(?: TABLE)?)\s+(?:ONLY\s+)?([a-z_][a-z0-9_]*)\b/g)) {
    // A name no migration creates is a CTE, an alias or a set-returning function, not a table.
    if (knownTables.has(match[1]!)) named.add(match[1]!);
  }
  return [...named].sort();
}

/** Each `<file>: <table>` where a module's SQL names a table it does not own, not excepted. */
export function ownershipViolations(files: readonly SourceFile[], owners: ReadonlyMap<string, string>, exceptions: Readonly<Record<string, string>> = {}): string[] {
  const known = new Set(owners.keys());
  const violations: string[] = [];
  for (const { file, text } of files) {
    const module = file.split('/')[0]!;
    for (const table of tablesNamedIn(text, known)) {
      const owner = owners.get(table)!;
      if (owner === module) continue;
      const key = `${file}: ${table}`;
      if (key in exceptions) continue;
      violations.push(`${key} (owned by ${NOT_A_MODULE.has(owner) ? `the ${owner === 'server' ? "server's infrastructure" : 'event store'}` : `module ${owner}`})`);
    }
  }
  return violations;
}

function sourceFiles(dir: string): SourceFile[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.test-helper.ts') && !file.split('/').includes('testing') && file.includes('/'))
    .map((file) => ({ file, text: readFileSync(path.join(dir, file), 'utf8') }));
}

function tablesCreatedByMigrations(): Set<string> {
  const tables = new Set<string>();
  for (const file of readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql'))) {
    for (const match of readFileSync(path.join(MIGRATIONS, file), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_][a-z0-9_]*)/gi)) tables.add(match[1]!);
  }
  return tables;
}

/** Table → owner: each projection's declared tables for its module, then the list above. */
function tableOwners(files: readonly SourceFile[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const { file, text } of files.filter((one) => one.file.endsWith('.projection.ts'))) {
    for (const declared of text.matchAll(/\btables:\s*\[([^\]]*)\]/g)) {
      for (const table of declared[1]!.matchAll(/'([a-z_][a-z0-9_]*)'/g)) {
        const module = file.split('/')[0]!;
        const previous = owners.get(table[1]!);
        if (previous && previous !== module) throw new Error(`${table[1]} is declared by the projections of both ${previous} and ${module}`);
        owners.set(table[1]!, module);
      }
    }
  }
  for (const [table, owner] of Object.entries(OWNERS_BEYOND_PROJECTIONS)) {
    if (owners.has(table)) throw new Error(`${table} is a projection's table and also listed in OWNERS_BEYOND_PROJECTIONS`);
    owners.set(table, owner);
  }
  return owners;
}

describe('SQL ownership', () => {
  const files = sourceFiles(MODULES);
  const owners = tableOwners(files);

  it('gives every table a migration creates one owner', () => {
    const created = tablesCreatedByMigrations();
    expect([...created].filter((table) => !owners.has(table)).sort(), 'tables with no owner: declare them in a projection or in OWNERS_BEYOND_PROJECTIONS').toEqual([]);
    expect([...owners.keys()].filter((table) => !created.has(table)).sort(), 'owners listed for tables no migration creates').toEqual([]);
  });

  it("finds no module's SQL naming another module's tables or the event store's", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(ownershipViolations(files, owners, EXCEPTIONS)).toEqual([]);
  });

  it('keeps each exception needed: an exception that no longer matches anything is removed', () => {
    const named = new Set(files.flatMap(({ file, text }) => tablesNamedIn(text, new Set(owners.keys())).map((table) => `${file}: ${table}`)));
    expect(Object.keys(EXCEPTIONS).filter((key) => !named.has(key))).toEqual([]);
  });

  it("fires on a fixture: another module's table, the event store's tables, in every statement form", () => {
    const fixtureOwners = new Map([
      ['users', 'identity'],
      ['help_requests', 'help'],
      ['events', EVENT_STORE],
      ['streams', EVENT_STORE],
    ]);
    const fixture: SourceFile[] = [
      {
        file: 'help/fixture.ts',
        text: [
          "db.query(`SELECT r.id FROM help_requests r LEFT JOIN users u ON u.user_id = r.requester_id`);",
          'db.query(`SELECT version FROM streams WHERE stream_id = $1`);',
          'db.query(`WITH page AS (SELECT 1) SELECT * FROM page, unnest($1::text[])`);',
        ].join('\n'),
      },
      { file: 'help/fixture-write.ts', text: 'db.query(`INSERT INTO events (x) VALUES (1)`); db.query(`UPDATE users SET x = 1`); db.query(`DELETE FROM streams`);' },
      { file: 'identity/fixture.ts', text: 'db.query(`SELECT full_name FROM users`);' },
    ];
    expect(ownershipViolations(fixture, fixtureOwners)).toEqual([
      'help/fixture.ts: streams (owned by the event store)',
      'help/fixture.ts: users (owned by module identity)',
      'help/fixture-write.ts: events (owned by the event store)',
      'help/fixture-write.ts: streams (owned by the event store)',
      'help/fixture-write.ts: users (owned by module identity)',
    ]);
    expect(ownershipViolations(fixture, fixtureOwners, { 'help/fixture.ts: users': 'why', 'help/fixture.ts: streams': 'why', 'help/fixture-write.ts: events': 'why', 'help/fixture-write.ts: streams': 'why', 'help/fixture-write.ts: users': 'why' })).toEqual([]);
  });
});
