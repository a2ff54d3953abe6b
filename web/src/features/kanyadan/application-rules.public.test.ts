import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as server from '@sahay/server/modules/kanyadan/submission/kanyadan-fields.schema';
import * as rules from './application-rules.public.ts';

/** The page takes the server's lists and messages from a file that must stay free of zod (the byte budget). */
describe('the form’s Kanyadan rules', () => {
  it('come from kanyadan-rules.schema.ts, which imports only server/src/shared/ files that import nothing', () => {
    const read = (relative: string) => fs.readFileSync(new URL(`../../../../server/src/${relative}`, import.meta.url), 'utf8');
    const imports = (source: string) => [...source.matchAll(/^\s*import\s[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1]);
    const shared = imports(read('modules/kanyadan/kanyadan-rules.schema.ts'));
    expect(shared).toEqual(['#server/shared/india']);
    expect(read('shared/india.ts')).not.toMatch(/^\s*import\s/m);
  });

  it('are the ones the server’s schemas check', () => {
    expect(rules.INDIAN_STATES).toBe(server.INDIAN_STATES);
    expect(rules.REQUIRED_DOCUMENTS).toBe(server.REQUIRED_DOCUMENTS);
    expect(rules.AGE_OUT_OF_RANGE).toBe(server.AGE_OUT_OF_RANGE);
  });
});
