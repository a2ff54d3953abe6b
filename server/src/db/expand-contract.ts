import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR, migrationNames } from './migrate.ts';

/**
 * Migrations follow expand/contract (docs/decisions/075): during a rolling upgrade the previous
 * release's servers still run against the migrated database, so a migration may only add what the
 * old code ignores — a table, a nullable column or one with a default, an index. Whatever the old
 * code would trip over (a table or column gone or renamed, a column's type changed, a column made
 * NOT NULL without a default) is a contract step: its own migration, a release after the expand step
 * that stopped the code from needing the old shape, marked at its top with
 *
 *   -- contract: <why it is safe now> (expanded in <name of the earlier migration>)
 *
 * This reads the Up part of each migration (the Down part undoes a release, when nothing old runs)
 * and says what breaks the rule.
 */

/** What in an Up migration the previous release's code could trip over, with the reason. */
const BREAKING: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\bDROP\s+TABLE\b/i, what: 'drops a table' },
  { pattern: /\bDROP\s+COLUMN\b/i, what: 'drops a column' },
  { pattern: /\bRENAME\s+(COLUMN\s+)?\w+\s+TO\b/i, what: 'renames a column' },
  { pattern: /\bALTER\s+TABLE\s+(IF\s+EXISTS\s+)?[\w."]+\s+RENAME\s+TO\b/i, what: 'renames a table' },
  { pattern: /\bALTER\s+COLUMN\s+\w+\s+(SET\s+DATA\s+)?TYPE\b/i, what: "changes a column's type" },
  { pattern: /\bALTER\s+COLUMN\s+\w+\s+SET\s+NOT\s+NULL\b/i, what: 'makes a column NOT NULL' },
];

/** `ADD COLUMN name type … NOT NULL` with no DEFAULT: the old code's inserts, which do not name it, would fail. */
const ADD_COLUMN = /\bADD\s+COLUMN\s+(IF\s+NOT\s+EXISTS\s+)?(\w+)/gi;

/** A column's definition after its name: up to a comma outside parentheses, or the statement's end. */
function definitionFrom(sql: string, start: number): string {
  let depth = 0;
  let quoted = false;
  for (let index = start; index < sql.length; index++) {
    const char = sql[index];
    if (char === "'") quoted = !quoted;
    if (quoted) continue;
    if (char === '(') depth++;
    if (char === ')') depth--;
    if ((char === ',' && depth === 0) || char === ';' || depth < 0) return sql.slice(start, index);
  }
  return sql.slice(start);
}

const CONTRACT = /^--\s*contract:\s*(.+?)\s*\(expanded in ([\w-]+)\)\s*$/m;

export interface RuleBreak {
  migration: string;
  problem: string;
}

/** The Up part of a migration: from its start (or `-- Up Migration`) to `-- Down Migration`. */
export function upPart(sql: string): string {
  const down = sql.search(/^--\s*Down Migration\b/im);
  return (down === -1 ? sql : sql.slice(0, down))
    .split('\n')
    .filter((line) => !/^\s*--/.test(line))
    .join('\n');
}

/** What breaks the rule in one migration's text; `earlier` are the names of the migrations before it. */
export function expandContractBreaks(name: string, sql: string, earlier: readonly string[]): RuleBreak[] {
  const up = upPart(sql);
  const found: string[] = [];
  for (const { pattern, what } of BREAKING) if (pattern.test(up)) found.push(what);
  for (const match of up.matchAll(ADD_COLUMN)) {
    const definition = definitionFrom(up, match.index + match[0].length);
    if (/\bNOT\s+NULL\b/i.test(definition) && !/\bDEFAULT\b/i.test(definition) && !/\bGENERATED\b/i.test(definition)) {
      found.push(`adds the NOT NULL column ${match[2]} without a default`);
    }
  }
  const contract = CONTRACT.exec(sql);
  if (contract) {
    const expandedIn = contract[2]!;
    if (!earlier.includes(expandedIn)) return [{ migration: name, problem: `is a contract step, but its expand step ${expandedIn} is not an earlier migration` }];
    if (found.length === 0) return [{ migration: name, problem: 'is marked as a contract step but changes nothing the old code could trip over: remove the mark' }];
    return [];
  }
  return found.map((what) => ({
    migration: name,
    problem: `${what} in an expand step: make it a migration of its own, marked "-- contract: <why> (expanded in <earlier migration>)", a release after the code stopped needing the old shape`,
  }));
}

/** Every rule break in migrations/ (every migration so far was an expand step: none is excepted). */
export function migrationRuleBreaks(dir = MIGRATIONS_DIR, names = migrationNames()): RuleBreak[] {
  return names.flatMap((name, index) => expandContractBreaks(name, fs.readFileSync(path.join(dir, `${name}.sql`), 'utf8'), names.slice(0, index)));
}
