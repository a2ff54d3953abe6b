import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as server from '@sahay/server/modules/kanyadan/kanyadan-fields.schema';
import * as rules from './application-rules.ts';

/** The page takes the server's lists and messages from a file that must stay free of zod (the byte budget). */
describe('the form’s Kanyadan rules', () => {
  it('come from kanyadan-rules.schema.ts, which imports nothing', () => {
    const source = fs.readFileSync(new URL('../../../../server/src/modules/kanyadan/kanyadan-rules.schema.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*import\s/m);
  });

  it('are the ones the server’s schemas check', () => {
    expect(rules.INDIAN_STATES).toBe(server.INDIAN_STATES);
    expect(rules.REQUIRED_DOCUMENTS).toBe(server.REQUIRED_DOCUMENTS);
    expect(rules.AGE_OUT_OF_RANGE).toBe(server.AGE_OUT_OF_RANGE);
  });
});
