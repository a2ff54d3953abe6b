import { describe, expect, it } from 'vitest';
import { parseRecent, readRecent, RECENT_KEY, rememberApplication, withRecent } from './recent-applications.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

const numbers = (count: number) => Array.from({ length: count }, (_, index) => `KNYDN${String(1000000 + index)}`);

describe('the list of applications made on this device', () => {
  it('keeps the last 6 numbers, newest first', () => {
    const storage = memoryStorage();
    for (const regNo of numbers(8)) rememberApplication(storage, regNo);
    expect(readRecent(storage)).toEqual(numbers(8).slice(2).reverse());
  });

  it('moves a number made again to the front instead of listing it twice', () => {
    expect(withRecent(['KNYDN0000002', 'KNYDN0000001'], 'KNYDN0000001')).toEqual(['KNYDN0000001', 'KNYDN0000002']);
  });

  it('stores numbers only, as JSON under sahay.kanyadan.recent', () => {
    const storage = memoryStorage();
    rememberApplication(storage, 'KNYDN1234567');
    expect(storage.items.get(RECENT_KEY)).toBe('["KNYDN1234567"]');
    rememberApplication(storage, 'Asha Kumari');
    expect(storage.items.get(RECENT_KEY)).toBe('["KNYDN1234567"]');
  });

  it('ignores a damaged or hand-edited value', () => {
    expect(parseRecent('not json')).toEqual([]);
    expect(parseRecent('{"a":1}')).toEqual([]);
    expect(parseRecent('["KNYDN1234567", 5, "<script>", "KNYDN1234567"]')).toEqual(['KNYDN1234567']);
    expect(parseRecent(JSON.stringify(numbers(9)))).toHaveLength(6);
  });

  it('works without storage or when storage refuses', () => {
    expect(readRecent(undefined)).toEqual([]);
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
    expect(readRecent(refusing)).toEqual([]);
    expect(rememberApplication(refusing, 'KNYDN1234567')).toEqual(['KNYDN1234567']);
  });
});
