import { describe, expect, it } from 'vitest';
import { newSubmissionKey } from './submission-key.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newSubmissionKey', () => {
  it('makes a version 4 UUID, also where crypto.randomUUID is missing (plain http)', () => {
    expect(newSubmissionKey()).toMatch(UUID_V4);
    const withoutRandomUuid: Pick<Crypto, 'getRandomValues'> = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    const key = newSubmissionKey(withoutRandomUuid);
    expect(key).toMatch(UUID_V4);
    expect(newSubmissionKey(withoutRandomUuid)).not.toBe(key);
  });
});
