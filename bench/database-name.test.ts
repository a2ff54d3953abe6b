import { describe, expect, it } from 'vitest';
import { benchDatabaseName } from './database-name.ts';

/** Issue 36: the benches' databases take a prefix from the environment; a prefix that could break out of the SQL is refused. */
describe('bench database names', () => {
  it('start with BENCH_DATABASE_PREFIX, or sahay_bench', () => {
    expect(benchDatabaseName('tree', {})).toMatch(/^sahay_bench_tree_[0-9a-f]{8}$/);
    expect(benchDatabaseName('admin', { BENCH_DATABASE_PREFIX: 'meena_bench' })).toMatch(/^meena_bench_admin_[0-9a-f]{8}$/);
    expect(benchDatabaseName('tree', {})).not.toBe(benchDatabaseName('tree', {}));
  });

  it.each(['x; DROP DATABASE postgres', 'Sahay', '1bench', 'a'.repeat(42), 'शर्मा'])('refuses the prefix %s, naming the variable', (prefix) => {
    expect(() => benchDatabaseName('tree', { BENCH_DATABASE_PREFIX: prefix })).toThrow(/^BENCH_DATABASE_PREFIX: /);
  });
});
