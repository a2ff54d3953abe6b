import { describe, expect, it } from 'vitest';
import { expandContractBreaks, migrationRuleBreaks, upPart } from './expand-contract.ts';

const earlier = ['1732200000100_identity', '1732200003800_foreign-contributions'];
const problems = (sql: string) => expandContractBreaks('1732200009000_next', sql, earlier).map((found) => found.problem);

describe('migrations follow expand/contract (decision 075)', () => {
  it('holds for every migration in migrations/', () => {
    expect(migrationRuleBreaks()).toEqual([]);
  });

  it('lets an expand step add tables, nullable columns, columns with a default, and indexes', () => {
    expect(
      problems(`-- Up Migration
CREATE TABLE gifts (id text PRIMARY KEY, amount bigint NOT NULL);
ALTER TABLE donations ADD COLUMN note text, ADD COLUMN is_monthly boolean NOT NULL DEFAULT false;
ALTER TABLE donations ADD COLUMN kind text CHECK (kind IN ('a', 'b'));
CREATE INDEX gifts_amount_idx ON gifts (amount);
DROP INDEX gifts_amount_idx;
-- Down Migration
DROP TABLE gifts;
ALTER TABLE donations DROP COLUMN note;`),
    ).toEqual([]);
  });

  it.each([
    ['DROP TABLE donations_old;', 'drops a table'],
    ['ALTER TABLE donations DROP COLUMN note;', 'drops a column'],
    ['ALTER TABLE donations RENAME COLUMN note TO remark;', 'renames a column'],
    ['ALTER TABLE donations RENAME TO gifts;', 'renames a table'],
    ['ALTER TABLE donations ALTER COLUMN amount TYPE numeric;', "changes a column's type"],
    ['ALTER TABLE donations ALTER COLUMN note SET NOT NULL;', 'makes a column NOT NULL'],
    ['ALTER TABLE donations ADD COLUMN region text NOT NULL;', 'adds the NOT NULL column region without a default'],
    ["ALTER TABLE donations ADD COLUMN kind text CHECK (kind IN ('a', 'b')) NOT NULL;", 'adds the NOT NULL column kind without a default'],
  ])('refuses in an expand step: %s', (statement, what) => {
    expect(problems(`-- Up Migration\n${statement}\n-- Down Migration\n`)).toEqual([expect.stringContaining(`${what} in an expand step`)]);
  });

  it('takes a contract step marked with its earlier expand step, and nothing else', () => {
    const contract = (expandedIn: string, statement = 'ALTER TABLE donations DROP COLUMN donor_pan_name;') =>
      `-- Up Migration\n-- contract: no release reads donor_pan_name since 0.9 (expanded in ${expandedIn})\n${statement}\n`;
    expect(problems(contract('1732200003800_foreign-contributions'))).toEqual([]);
    expect(problems(contract('1732200009999_later'))).toEqual([expect.stringContaining('is not an earlier migration')]);
    expect(problems(contract('1732200003800_foreign-contributions', 'CREATE INDEX x ON donations (reference);'))).toEqual([
      expect.stringContaining('changes nothing the old code could trip over'),
    ]);
  });

  it('reads only the Up part, and not its comments', () => {
    expect(upPart('-- Up Migration\n-- we DROP TABLE nothing here\nCREATE TABLE t (a int);\n-- Down Migration\nDROP TABLE t;').trim()).toBe('CREATE TABLE t (a int);');
  });
});
