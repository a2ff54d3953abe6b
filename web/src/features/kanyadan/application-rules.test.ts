import { describe, expect, it } from 'vitest';
import * as server from '@sahay/server/modules/kanyadan/kanyadan-fields.schema';
import * as copy from './application-rules.ts';

/** The page keeps copies of the server's constants to stay free of zod; they must not drift. */
describe('the form’s copy of the Kanyadan rules', () => {
  it('equals the server’s lists', () => {
    expect(copy.KANYADAN_STATUSES).toEqual(server.KANYADAN_STATUSES);
    expect(copy.DOCUMENT_KINDS).toEqual(server.DOCUMENT_KINDS);
    expect(copy.DOCUMENT_ACCEPT).toEqual(server.DOCUMENT_ACCEPT);
    expect(copy.INDIAN_STATES).toEqual(server.INDIAN_STATES);
    expect(copy.GENDERS).toEqual(server.GENDERS);
    expect(copy.GUARDIAN_RELATIONS).toEqual(server.GUARDIAN_RELATIONS);
    expect(copy.CASTES).toEqual(server.CASTES);
  });

  it('equals the server’s limits and messages', () => {
    expect(copy.MAX_DOCUMENT_BYTES).toBe(server.MAX_DOCUMENT_BYTES);
    expect([copy.MIN_AGE, copy.MAX_AGE, copy.SCHOOL_FROM_AGE]).toEqual([server.MIN_AGE, server.MAX_AGE, server.SCHOOL_FROM_AGE]);
    expect(copy.REG_NO_PATTERN.source).toBe(server.REG_NO_PATTERN.source);
    expect(copy.REQUIRED_FIELDS).toBe(server.REQUIRED_FIELDS);
    expect(copy.DOB_INVALID).toBe(server.DOB_INVALID);
    expect(copy.DOB_IN_FUTURE).toBe(server.DOB_IN_FUTURE);
    expect(copy.AGE_OUT_OF_RANGE).toBe(server.AGE_OUT_OF_RANGE);
    expect(copy.DOCUMENT_REQUIRED).toBe(server.DOCUMENT_REQUIRED);
  });
});
