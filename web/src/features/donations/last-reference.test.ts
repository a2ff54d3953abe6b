import { describe, expect, it } from 'vitest';
import { LAST_REFERENCE_KEY, readLastReference, rememberLastReference } from './last-reference.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe("the device's last donation reference", () => {
  it('keeps the reference alone, canonical, and gives it back', () => {
    const storage = memoryStorage();
    rememberLastReference(storage, 'abcd-2345');
    expect([...storage.items]).toEqual([[LAST_REFERENCE_KEY, 'ABCD2345']]);
    expect(readLastReference(storage)).toBe('ABCD2345');
    rememberLastReference(storage, 'WXYZ2345');
    expect(readLastReference(storage)).toBe('WXYZ2345');
  });

  it('keeps nothing that is not a reference, and reads a value edited by hand as none', () => {
    const storage = memoryStorage();
    rememberLastReference(storage, 'asha@example.org');
    expect(storage.items.size).toBe(0);
    expect(readLastReference(memoryStorage({ [LAST_REFERENCE_KEY]: '<script>' }))).toBeNull();
    expect(readLastReference(memoryStorage({ [LAST_REFERENCE_KEY]: 'ABCD234I' }))).toBeNull();
    expect(readLastReference(memoryStorage())).toBeNull();
    expect(readLastReference(undefined)).toBeNull();
  });

  it('goes on when storage refuses (private mode, full)', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberLastReference(refusing, 'ABCD2345')).not.toThrow();
    expect(readLastReference(refusing)).toBeNull();
  });
});
