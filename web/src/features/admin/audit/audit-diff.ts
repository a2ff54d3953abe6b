import type { TAuditStateTable } from '@sahay/server/modules/admin/audit/audit.schema';

type Row = Record<string, unknown>;

export interface RowChange {
  key: string;
  fields: Array<{ field: string; before: unknown; after: unknown }>;
}

export interface TableDiff {
  projection: string;
  table: string;
  added: Row[];
  removed: Row[];
  changed: RowChange[];
}

/**
 * The columns that name a read-model row, most specific first. (The rows come as JSON objects, whose
 * keys PostgreSQL orders by length, so the table's first column cannot be told from the object.)
 */
const KEY_COLUMNS = ['reference', 'reg_no', 'disbursement_id', 'gift_id', 'message_id', 'user_id', 'code', 'slug', 'id', 'counter', 'month', 'donor_key', 'district_key'];

/** A row's identity: its key column's value, or the whole row when it has none of them. */
function keyOf(row: Row): string {
  const column = KEY_COLUMNS.find((name) => name in row);
  return column === undefined ? JSON.stringify(row) : `${column}=${JSON.stringify(row[column])}`;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What changed in the record's read-model rows between two moments: rows that appeared, rows that
 * went, and for a row present at both, each field whose value differs. Tables without a change are
 * left out; an empty list means the two moments show the same state.
 */
export function diffStates(before: readonly TAuditStateTable[], after: readonly TAuditStateTable[]): TableDiff[] {
  const nameOf = (table: TAuditStateTable) => `${table.projection}/${table.table}`;
  const tables = new Map<string, { projection: string; table: string; before: Row[]; after: Row[] }>();
  for (const [side, list] of [['before', before], ['after', after]] as const) {
    for (const table of list) {
      const entry = tables.get(nameOf(table)) ?? { projection: table.projection, table: table.table, before: [], after: [] };
      entry[side] = table.rows;
      tables.set(nameOf(table), entry);
    }
  }
  const diffs: TableDiff[] = [];
  for (const { projection, table, before: old, after: now } of tables.values()) {
    const oldByKey = new Map(old.map((row) => [keyOf(row), row]));
    const nowByKey = new Map(now.map((row) => [keyOf(row), row]));
    const added = now.filter((row) => !oldByKey.has(keyOf(row)));
    const removed = old.filter((row) => !nowByKey.has(keyOf(row)));
    const changed: RowChange[] = [];
    for (const [key, row] of nowByKey) {
      const was = oldByKey.get(key);
      if (!was) continue;
      const fields = [...new Set([...Object.keys(was), ...Object.keys(row)])]
        .filter((field) => !same(was[field], row[field]))
        .map((field) => ({ field, before: was[field], after: row[field] }));
      if (fields.length > 0) changed.push({ key, fields });
    }
    if (added.length + removed.length + changed.length > 0) diffs.push({ projection, table, added, removed, changed });
  }
  return diffs;
}
